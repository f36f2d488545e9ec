import type { studentRegistrationRequest } from "@kerb/shared";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import * as repo from "./auth.repository.ts";
import { registerAccount } from "./register-account.ts";

type StudentRegistration = z.output<typeof studentRegistrationRequest>;

/** POST /auth/register/student: a learner's account and profile, signed in. */
export function registerStudent(ctx: AppContext, input: StudentRegistration) {
  return registerAccount(ctx, input, "STUDENT", (db, userId) =>
    repo.insertStudentProfile(db, {
      userId,
      suburb: input.suburb,
      licenseType: input.licenseType,
      experienceLevel: input.experienceLevel,
    }),
  );
}

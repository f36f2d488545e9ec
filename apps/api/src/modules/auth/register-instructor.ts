import type { instructorRegistrationRequest } from "@kerb/shared";
import { dollarsToCents } from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { createInstructorProfile } from "../instructors/index.ts";
import { registerAccount } from "./register-account.ts";

type InstructorRegistration = z.output<typeof instructorRegistrationRequest>;

/** POST /auth/register/instructor: an instructor's account and (unverified) profile, signed in. */
export function registerInstructor(ctx: AppContext, input: InstructorRegistration) {
  return registerAccount(ctx, input, "INSTRUCTOR", (db, userId) =>
    createInstructorProfile(db, {
      userId,
      licenseNumber: input.licenseNumber,
      wwcNumber: input.wwcNumber ?? null,
      vehicleType: input.vehicleType,
      standardRateCents: dollarsToCents(input.standardRate),
      languages: input.languages,
      suburbs: input.suburbs,
    }),
  );
}

import type { instructorRegistrationRequest } from "@kerb/shared";
import { dollarsToCents } from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { createInstructorProfile } from "../instructors/index.ts";
import { recipient } from "../notifications/index.ts";
import { registerAccount } from "./register-account.ts";
import { instructorWelcomeEmail } from "./welcome-email.ts";

type InstructorRegistration = z.output<typeof instructorRegistrationRequest>;

/**
 * POST /auth/register/instructor: an instructor's account and (unverified) profile, signed in, and a
 * welcome email saying what happens before students can book them.
 */
export function registerInstructor(ctx: AppContext, input: InstructorRegistration) {
  return registerAccount(
    ctx,
    input,
    "INSTRUCTOR",
    (db, userId) =>
      createInstructorProfile(db, {
        userId,
        licenseNumber: input.licenseNumber,
        wwcNumber: input.wwcNumber ?? null,
        vehicleType: input.vehicleType,
        standardRateCents: dollarsToCents(input.standardRate),
        languages: input.languages,
        suburbs: input.suburbs,
      }),
    (uow, user) =>
      uow.email({
        kind: "instructor_welcome",
        to: recipient(user),
        ...instructorWelcomeEmail({
          instructor: user,
          hasWwcNumber: Boolean(input.wwcNumber),
          appUrl: publicOrigin(ctx.env),
        }),
        now: ctx.now(),
      }),
  );
}

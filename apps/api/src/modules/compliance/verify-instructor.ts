import { sydneyTodayDate, verificationDateProblems } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { changeInstructorCompliance } from "./compliance-change.ts";
import { notifyInstructorVerified } from "./instructor-notices.ts";

/**
 * POST /admin/instructors/:id/verify: the admin checked the licence and WWC and records both expiry dates;
 * the instructor is listed and told (audited).
 */
export function verifyInstructor(
  ctx: AppContext,
  adminId: string,
  instructorId: string,
  input: {
    licenseNumberChecked: true;
    licenseExpiresOn: string;
    wwcExpiresOn: string;
    wwcNumber?: string;
  },
) {
  const now = ctx.now();
  // Both dates, both after today: the listing rule needs them, so verifying without them would
  // verify someone students still cannot find.
  const problems = verificationDateProblems(input, sydneyTodayDate(now));
  if (problems.length > 0) {
    throw new AppError(
      "validation_error",
      "An instructor can only be verified with both expiry dates recorded and in the future",
      problems,
    );
  }
  return changeInstructorCompliance(
    ctx,
    adminId,
    instructorId,
    "instructor.verify",
    {
      patch: {
        verificationStatus: "VERIFIED",
        verifiedAt: now,
        licenseExpiresOn: input.licenseExpiresOn,
        wwcExpiresOn: input.wwcExpiresOn,
        ...(input.wwcNumber ? { wwcNumber: input.wwcNumber } : {}),
      },
      details: {
        licenseNumberChecked: true,
        licenseExpiresOn: input.licenseExpiresOn,
        wwcExpiresOn: input.wwcExpiresOn,
      },
      // A regulator asks which check was verified, not only until when: the number must be on record.
      refuse: (current) =>
        input.wwcNumber || current.wwcNumber
          ? null
          : new AppError(
              "validation_error",
              "An instructor can only be verified with their Working With Children Check number on record",
              [{ path: "wwcNumber", message: "Enter the Working With Children Check number" }],
            ),
    },
    (uow, change) =>
      notifyInstructorVerified(uow, { instructorId, now: change.now, appUrl: publicOrigin(ctx.env) }),
  );
}

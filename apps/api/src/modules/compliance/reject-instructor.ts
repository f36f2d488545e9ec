import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { changeInstructorCompliance } from "./compliance-change.ts";
import { notifyInstructorDelisted } from "./instructor-notices.ts";

/**
 * POST /admin/instructors/:id/reject: the instructor is not verified, with a reason they hear; their
 * students with lessons ahead are told (audited).
 */
export function rejectInstructor(
  ctx: AppContext,
  adminId: string,
  instructorId: string,
  input: { reason: string },
) {
  return changeInstructorCompliance(
    ctx,
    adminId,
    instructorId,
    "instructor.reject",
    {
      patch: { verificationStatus: "REJECTED", verifiedAt: null },
      // The reason lives in the audit log: it is the record of the decision.
      details: { reason: input.reason },
    },
    // The instructor hears why; their students with lessons ahead are told and offered a way on.
    (uow, change) =>
      notifyInstructorDelisted(uow, {
        instructorId,
        now: change.now,
        appUrl: publicOrigin(ctx.env),
        wasListed: change.wasListed,
        note: input.reason,
      }),
  );
}

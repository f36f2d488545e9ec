import type { InstructorCancelLessonRequest, LessonCancellationResponse } from "@kerb/shared";
import { centsToDollars } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { cancelLessonWithRefund } from "./lesson-cancellation.ts";
import { lockInstructorLesson, requireInstructorLesson } from "./lesson-reads.ts";
import { toInstructorLesson } from "./lesson-views.ts";

/**
 * POST /instructor/lessons/:id/cancel: the instructor cancels their own lesson; the student gets everything
 * back and an email quoting the reason.
 */
export async function cancelLessonAsInstructor(
  ctx: AppContext,
  instructorId: string,
  lessonId: string,
  input: InstructorCancelLessonRequest,
): Promise<LessonCancellationResponse> {
  // The route's schema has trimmed it and checked it is there and not too long.
  const reason = input.reason.trim();
  const now = ctx.now();
  const result = await ctx.transact(async (uow) => {
    const { tx } = uow;
    // Ownership first, under lock: another instructor's lesson is "not found", never "forbidden".
    if (!(await lockInstructorLesson(tx, instructorId, lessonId))) {
      throw new AppError("not_found", "Lesson not found");
    }
    const cancelled = await cancelLessonWithRefund(uow, {
      bookingId: lessonId,
      cancelledBy: "INSTRUCTOR",
      now,
      reason,
      appUrl: publicOrigin(ctx.env),
    });
    await uow.audit({
      actorId: instructorId,
      action: "booking.cancel",
      targetType: "booking",
      targetId: lessonId,
      details: {
        cancelledBy: "INSTRUCTOR",
        reason,
        refundCents: cancelled.refundCents,
        bundleCreditReturned: cancelled.bundleCreditReturned,
        // A driving-test package's credit given back on its full tier (issue 33): its id.
        testPackCreditReturned: cancelled.testPackCreditReturned,
      },
      createdAt: now,
    });
    return cancelled;
  });
  const lesson = await requireInstructorLesson(ctx.db, instructorId, lessonId);
  return {
    lesson: toInstructorLesson(lesson),
    refund: centsToDollars(result.refundCents),
    bundleCreditReturned: result.bundleCreditReturned,
  };
}

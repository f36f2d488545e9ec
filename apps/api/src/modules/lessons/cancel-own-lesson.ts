import type { CancelStudentBookingResponse } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { cancelLessonWithRefund } from "./lesson-cancellation.ts";
import { lockStudentLesson } from "./lesson-reads.ts";
import { toStudentRefund } from "./lesson-views.ts";

/** POST /student/bookings/:id/cancel: the student cancels their own lesson, refunded by its rule. */
export async function cancelOwnLesson(
  ctx: AppContext,
  studentId: string,
  bookingId: string,
): Promise<CancelStudentBookingResponse> {
  const now = ctx.now();
  const result = await ctx.transact(async (uow) => {
    const { tx } = uow;
    // Ownership first, under lock: someone else's lesson is "not found", never "forbidden".
    if (!(await lockStudentLesson(tx, studentId, bookingId))) {
      throw new AppError("not_found", "Lesson not found");
    }
    const cancelled = await cancelLessonWithRefund(uow, {
      bookingId,
      cancelledBy: "STUDENT",
      now,
      appUrl: publicOrigin(ctx.env),
    });
    await uow.audit({
      actorId: studentId,
      action: "booking.cancel",
      targetType: "booking",
      targetId: bookingId,
      details: {
        cancelledBy: "STUDENT",
        tier: cancelled.tier,
        method: cancelled.method,
        refundCents: cancelled.refundCents,
        refundGstCents: cancelled.refundGstCents,
        keptCents: cancelled.keptCents,
        bundleCreditReturned: cancelled.bundleCreditReturned,
        // A driving-test package's credit given back on its full tier (issue 33): its id.
        testPackCreditReturned: cancelled.testPackCreditReturned,
      },
      createdAt: now,
    });
    return cancelled;
  });
  return { booking: { id: bookingId, status: "CANCELLED" }, refund: toStudentRefund(result) };
}

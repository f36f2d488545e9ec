import type { CancelStudentBookingResponse } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import type { UnitOfWork } from "../../platform/unit-of-work-effects.ts";
import { type CancelLessonResult, cancelLessonWithRefund } from "./lesson-cancellation.ts";
import { lockStudentLesson } from "./lesson-reads.ts";
import { toStudentRefund } from "./lesson-views.ts";

/**
 * Cancels one of the student's own lessons inside the caller's transaction, by its rule, and audits it:
 * the single cancel and each lesson of a weekly series' cancel-all. Ownership first, under lock: null
 * when the lesson is not theirs.
 */
export async function cancelOwnLessonIn(
  ctx: AppContext,
  uow: UnitOfWork,
  input: { studentId: string; bookingId: string; now: Date; seriesId?: string },
): Promise<CancelLessonResult | null> {
  const { studentId, bookingId, now } = input;
  if (!(await lockStudentLesson(uow.tx, studentId, bookingId))) return null;
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
      ...(input.seriesId ? { seriesId: input.seriesId } : {}),
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
}

/** POST /student/bookings/:id/cancel: the student cancels their own lesson, refunded by its rule. */
export async function cancelOwnLesson(
  ctx: AppContext,
  studentId: string,
  bookingId: string,
): Promise<CancelStudentBookingResponse> {
  const now = ctx.now();
  const result = await ctx.transact(async (uow) => {
    const cancelled = await cancelOwnLessonIn(ctx, uow, { studentId, bookingId, now });
    // Someone else's lesson is "not found", never "forbidden".
    if (!cancelled) throw new AppError("not_found", "Lesson not found");
    return cancelled;
  });
  return { booking: { id: bookingId, status: "CANCELLED" }, refund: toStudentRefund(result) };
}

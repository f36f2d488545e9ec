import {
  type CancellationPreview,
  type CancelStudentBookingResponse,
  FULL_REFUND_NOTICE_HOURS,
  HALF_REFUND_NOTICE_HOURS,
  RESCHEDULE_NOTICE_HOURS,
  type RescheduleRequest,
  type RescheduleResponse,
  type StudentRefund,
} from "@kerb/shared";
import {
  type CancellationOutcome,
  canReschedule,
  centsToDollars,
  formatAud,
  formatSydneyDate,
  formatSydneyTime,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { isInstructorUnavailable } from "../compliance/index.ts";
import { findPaymentRefundState } from "../payments/index.ts";
import { findStudentBooking, toStudentBooking } from "../students/index.ts";
import { enqueueLessonRescheduled } from "./emails/index.ts";
import { cancelLessonWithRefund, cancellationFor } from "./lesson-cancellation.ts";
import { checkLessonMove } from "./lesson-move.ts";
import * as repo from "./lessons.repository.ts";
import { checkLessonTransition, moveLesson } from "./lessons.writes.ts";
import { retryPastLapsedHolds } from "./plan-lessons.ts";

const notFound = () => new AppError("not_found", "Lesson not found");

function refundOf(outcome: Pick<CancellationOutcome, "refundCents" | "refundGstCents" | "method">) {
  return {
    amount: centsToDollars(outcome.refundCents),
    gst: centsToDollars(outcome.refundGstCents),
    method: outcome.method,
  } satisfies StudentRefund;
}

/** The confirm dialog's one sentence: what comes back, and why when it is less than everything. */
export function cancellationSummary(outcome: CancellationOutcome, paidWith: "BUNDLE" | "CARD" | null) {
  const toCard = `${formatAud(outcome.refundCents)} back to your card, including ${formatAud(outcome.refundGstCents)} GST`;
  if (paidWith === null) return "Nothing was paid for this lesson, so there is nothing to refund.";
  if (outcome.tier === "full") {
    return paidWith === "BUNDLE" ? "Your lesson credit goes back to your bundle." : `You will get ${toCard}.`;
  }
  if (outcome.tier === "half") {
    return paidWith === "BUNDLE"
      ? `This lesson is less than ${FULL_REFUND_NOTICE_HOURS} hours away, so the lesson credit is forfeited and does not go back to your bundle.`
      : `This lesson is less than ${FULL_REFUND_NOTICE_HOURS} hours away, so half is refunded: you will get ${toCard}.`;
  }
  return paidWith === "BUNDLE"
    ? `This lesson is less than ${HALF_REFUND_NOTICE_HOURS} hours away, so nothing is refunded and the lesson credit does not go back to your bundle.`
    : `This lesson is less than ${HALF_REFUND_NOTICE_HOURS} hours away, so nothing is refunded.`;
}

export function createLessonService(ctx: AppContext) {
  return {
    /** Exactly what `cancel` would do now: same rule, same clock, nothing written. */
    async previewCancellation(studentId: string, bookingId: string): Promise<CancellationPreview> {
      const row = await repo.findStudentLessonRow(ctx.db, studentId, bookingId);
      if (!row) throw notFound();
      const now = ctx.now();
      const [instructorUnavailable, payment] = await Promise.all([
        isInstructorUnavailable(ctx.db, row.instructor.id, now),
        row.paymentId && !row.bundleId ? findPaymentRefundState(ctx.db, row.paymentId) : undefined,
      ]);
      const outcome = cancellationFor({ ...row, instructorUnavailable, payment }, "STUDENT", now);
      const paidWith = row.bundleId ? "BUNDLE" : row.paymentId ? "CARD" : null;
      return {
        booking: toStudentBooking(row),
        tier: outcome.tier,
        refund: refundOf(outcome),
        creditReturned: outcome.creditReturned,
        summary: cancellationSummary(outcome, paidWith),
      };
    },

    async cancel(studentId: string, bookingId: string): Promise<CancelStudentBookingResponse> {
      const now = ctx.now();
      const result = await ctx.transact(async (uow) => {
        const { tx } = uow;
        // Ownership first, under lock: someone else's lesson is "not found", never "forbidden".
        if (!(await repo.lockStudentLesson(tx, studentId, bookingId))) throw notFound();
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
          },
          createdAt: now,
        });
        return cancelled;
      });
      return { booking: { id: bookingId, status: "CANCELLED" }, refund: refundOf(result) };
    },

    /**
     * Moves a SCHEDULED lesson to another open slot of the same instructor, in the same suburb and of
     * the same kind, at the price already paid. One transaction, one UPDATE: the lesson keeps its old
     * time unless the new one is taken.
     */
    async reschedule(
      studentId: string,
      bookingId: string,
      request: RescheduleRequest,
    ): Promise<RescheduleResponse> {
      const now = ctx.now();
      const start = new Date(request.startTime);
      const end = new Date(request.endTime);
      // A lapsed hold in the new slot is released and the move tried once more (plan-lessons.ts).
      await retryPastLapsedHolds(ctx, now, () =>
        ctx.transact(async (uow) => {
          const { tx } = uow;
          const lesson = await repo.lockStudentLesson(tx, studentId, bookingId);
          if (!lesson) throw notFound();
          checkLessonTransition("reschedule", lesson.status, "STUDENT");
          if (!canReschedule(lesson.startTime, now)) {
            throw new AppError(
              "reschedule_window_closed",
              `Lessons can be rescheduled up to ${RESCHEDULE_NOTICE_HOURS} hours before they start; this one starts at ` +
                `${formatSydneyTime(lesson.startTime)} on ${formatSydneyDate(lesson.startTime)}`,
            );
          }
          // The same instructor, suburb and kind of time; the price already paid does not change.
          await checkLessonMove(tx, { ...lesson, studentId }, request, now, {
            instructorBusy:
              "Your instructor is not free at that time. Please choose another of their open times.",
            kindAdvice: "To change the kind of lesson, cancel it and book again.",
          });
          // A clash with the student's own lessons, or a booking that won the race, is 23P01 → 409.
          await moveLesson(tx, bookingId, { start, end }, now);
          await uow.audit({
            actorId: studentId,
            action: "booking.reschedule",
            targetType: "booking",
            targetId: bookingId,
            details: {
              from: { startTime: lesson.startTime.toISOString(), endTime: lesson.endTime.toISOString() },
              to: { startTime: start.toISOString(), endTime: end.toISOString() },
            },
            createdAt: now,
          });
          await enqueueLessonRescheduled(uow, {
            bookingId,
            previous: { startTime: lesson.startTime, endTime: lesson.endTime },
            now,
            appUrl: publicOrigin(ctx.env),
          });
        }),
      );
      const booking = await findStudentBooking(ctx.db, studentId, bookingId);
      if (!booking) throw notFound();
      return { booking };
    },
  };
}

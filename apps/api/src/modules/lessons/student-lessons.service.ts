/**
 * A student's own lesson after the purchase: what cancelling it would give back, cancelling it, and
 * moving it to another free slot of the same instructor. Cancellation money follows the one shared
 * rule (`cancellationFor` → rules/cancellation.ts); rescheduling is free and allowed up to 24 h ahead.
 */
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
  findSuburb,
  formatAud,
  formatSydneyDate,
  formatSydneyTime,
  sydneyDateOf,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { findOpenSlots } from "../availability/availability.service.ts";
import { isInstructorUnavailable } from "../compliance/compliance.service.ts";
import { enqueueLessonRescheduled } from "../notifications/notices.ts";
import { findPaymentRefundState } from "../payments/index.ts";
import { findStudentBooking, toStudentBooking } from "../students/student-booking.ts";
import { cancelLessonWithRefund, cancellationFor } from "./lesson-cancellation.ts";
import { checkLessonTime } from "./lesson-shape.ts";
import * as repo from "./lessons.repository.ts";
import { checkLessonTransition, moveLesson } from "./lessons.writes.ts";

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

export function createStudentLessonService(ctx: AppContext) {
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
      await ctx.transact(async (uow) => {
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
        if (start.getTime() === lesson.startTime.getTime()) {
          throw new AppError("bad_request", "The lesson is already at that time; choose a different time");
        }
        checkLessonTime(request, now);
        const suburb = findSuburb(lesson.suburb);
        if (!suburb) throw new AppError("invalid_state", "This lesson's suburb is no longer served");

        // The availability engine decides what is free (working hours, exceptions, other lessons and
        // holds, instructor still listable) and the slot's kind; our own lesson does not free anything.
        const date = sydneyDateOf(start);
        const open = await findOpenSlots(tx, {
          suburb,
          startDate: date,
          endDate: date,
          instructorId: lesson.instructorId,
          now,
        });
        const slot = open.find((s) => s.start.getTime() === start.getTime());
        if (!slot) {
          throw new AppError(
            "slot_unavailable",
            "Your instructor is not free at that time. Please choose another of their open times.",
            { startTime: start.toISOString() },
          );
        }
        if (slot.isPoolHours !== lesson.isPoolHours) {
          const kind = (pool: boolean) => (pool ? "a pool-hours" : "a standard");
          throw new AppError(
            "reschedule_kind_mismatch",
            `This is ${kind(lesson.isPoolHours)} lesson, so it can only move to ${kind(lesson.isPoolHours)} time; ` +
              `${formatSydneyTime(start)} on ${formatSydneyDate(start)} is ${kind(slot.isPoolHours)} time. ` +
              "To change the kind of lesson, cancel it and book again.",
            { isPoolHours: lesson.isPoolHours },
          );
        }
        // A clash with the student's own lessons, or a booking that won the race, is 23P01 → 409.
        await moveLesson(tx, bookingId, { start, end });
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
      });
      const booking = await findStudentBooking(ctx.db, studentId, bookingId);
      if (!booking) throw notFound();
      return { booking };
    },
  };
}

/**
 * The student's lessons: holding them for a card checkout, and afterwards what cancelling one would
 * give back, cancelling it, and moving it to another free slot of the same instructor. Where lessons
 * land is planLessons' business (plan-lessons.ts); cancellation money follows the one shared rule
 * (`cancellationFor` → rules/cancellation.ts); rescheduling is free and allowed up to 24 h ahead.
 */
import { randomUUID } from "node:crypto";
import {
  type batchBookingRequest,
  type CancellationPreview,
  type CancelStudentBookingResponse,
  FULL_REFUND_NOTICE_HOURS,
  HALF_REFUND_NOTICE_HOURS,
  RESCHEDULE_NOTICE_HOURS,
  type RescheduleRequest,
  type RescheduleResponse,
  type StudentRefund,
  SUBURBS,
} from "@kerb/shared";
import {
  type CancellationOutcome,
  canReschedule,
  centsToDollars,
  dollarsToCents,
  findSuburb,
  formatAud,
  formatSydneyDate,
  formatSydneyTime,
  holdExpiryFrom,
  invoiceTotals,
  isListableInstructor,
  sydneyTodayDate,
  teachesInSuburb,
  unknownSuburbMessage,
} from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { createCheckoutService } from "../checkout/checkout.service.ts";
import { isInstructorUnavailable } from "../compliance/index.ts";
import { findInstructorListing } from "../instructors/index.ts";
import { claimInvoiceNumber, findPaymentRefundState, insertPayment } from "../payments/index.ts";
import { findStudentBooking, lockStudentForCheckout, toStudentBooking } from "../students/index.ts";
import { enqueueLessonRescheduled } from "./emails/index.ts";
import { cancelLessonWithRefund, cancellationFor } from "./lesson-cancellation.ts";
import { checkLessonMove } from "./lesson-move.ts";
import { checkLessonTimes } from "./lesson-shape.ts";
import * as repo from "./lessons.repository.ts";
import { checkLessonTransition, holdLessonsOfPayment, moveLesson } from "./lessons.writes.ts";
import { planLessons, retryPastLapsedHolds } from "./plan-lessons.ts";

type BatchRequest = z.output<typeof batchBookingRequest>;

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
  const checkout = createCheckoutService(ctx);
  return {
    /**
     * Holds every chosen slot at once (all or nothing) for a card checkout, and opens its payment.
     */
    async hold(studentId: string, request: BatchRequest) {
      const now = ctx.now();
      checkLessonTimes(request.bookings, now);

      const hold = () =>
        ctx.db.transaction(async (tx) => {
          // One batch per student at a time: the hold cap below is counted and used atomically, so
          // concurrent batches cannot each see room and together hoard slots.
          const student = await lockStudentForCheckout(tx, studentId);
          if (!student) throw new AppError("unauthorized", "Please sign in again");
          // The schema has already matched a suburb sent in the request; the student's own may be stale.
          const suburb = request.suburb ?? findSuburb(student.suburb ?? "");
          if (!suburb) {
            throw new AppError("invalid_suburb", unknownSuburbMessage(), {
              validSuburbs: SUBURBS,
            });
          }
          const { open, clashes } = await repo.openHoldsAndClashes(
            tx,
            studentId,
            request.bookings.map((b) => ({ start: new Date(b.startTime), end: new Date(b.endTime) })),
            now,
          );
          if (open + request.bookings.length > ctx.env.MAX_HELD_LESSONS) {
            throw new AppError(
              "too_many_holds",
              `You already have ${open} lessons waiting for payment. Pay for or let those go before holding more.`,
              { held: open, limit: ctx.env.MAX_HELD_LESSONS },
            );
          }
          if (clashes.length > 0) {
            throw new AppError("slot_unavailable", "You already have a lesson at one of the chosen times", {
              startTime: clashes[0]?.startTime.toISOString(),
            });
          }
          const lessons = await planLessons(tx, {
            suburb,
            now,
            requests: request.bookings,
            // The price and kind the student was shown must still hold: we never charge another.
            accept: (slot, item, index) => {
              if (item.isPoolHours !== slot.isPoolHours || dollarsToCents(item.price) !== slot.priceCents) {
                throw new AppError(
                  "amount_mismatch",
                  "A lesson price has changed. Please review your selection.",
                  {
                    index,
                    expected: centsToDollars(slot.priceCents),
                    isPoolHours: slot.isPoolHours,
                  },
                );
              }
            },
            unavailable: async (item, index) => {
              // Say why the instructor is not free: gone from the listing, another suburb, or just taken.
              const instructor = await findInstructorListing(tx, item.instructorId ?? "");
              if (!instructor || !isListableInstructor(instructor, sydneyTodayDate(now))) {
                return new AppError("not_found", "That instructor is not available for booking", { index });
              }
              if (!teachesInSuburb(instructor.suburbs, suburb)) {
                return new AppError(
                  "instructor_not_in_suburb",
                  `That instructor does not teach in ${suburb}`,
                  {
                    index,
                  },
                );
              }
              return new AppError(
                "slot_unavailable",
                "One of the chosen times has just been taken. Please choose another.",
                { index, startTime: item.startTime },
              );
            },
          });
          const totals = invoiceTotals(lessons.map((l) => l.priceCents));
          const holdExpiresAt = holdExpiryFrom(now);
          // The payment and its lessons in one statement; the id is chosen here so the lessons can
          // name their payment. The exclusion constraints are the final word: a concurrent booking of
          // the same instructor (or the same student) at an overlapping hour makes this insert fail
          // (23P01 → 409 slot_unavailable) and the whole batch roll back.
          const paymentId = randomUUID();
          const payment = await insertPayment(
            tx,
            {
              id: paymentId,
              userId: studentId,
              type: "BOOKINGS",
              provider: ctx.payments.name,
              subtotalCents: totals.subtotalCents,
              gstCents: totals.gstCents,
              amountCents: totals.totalCents,
              invoiceNumber: await claimInvoiceNumber(tx, {
                secret: ctx.auth.secret,
                studentId,
                claim: request.invoice,
                now,
              }),
              expiresAt: holdExpiresAt,
              createdAt: now,
            },
            holdLessonsOfPayment(
              tx,
              paymentId,
              lessons.map((l) => ({
                studentId,
                instructorId: l.instructorId,
                startTime: l.start,
                endTime: l.end,
                priceCents: l.priceCents,
                isPoolHours: l.isPoolHours,
                suburb,
                pickupLocation: l.pickupLocation,
                holdExpiresAt,
                createdAt: now,
              })),
            ),
          );
          return { payment, student, suburb };
        });
      const held = await retryPastLapsedHolds(ctx, now, hold);

      const count = request.bookings.length;
      return checkout.start(held.payment, held.student, `Kerb driving lessons × ${count} (${held.suburb})`);
    },
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

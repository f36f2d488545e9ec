/**
 * Cancelling a paid lesson and settling the money, in the caller's transaction. Shared by the
 * instructor portal, the admin console and student self-service cancellation.
 */

import type { BookingStatus } from "@kerb/shared";
import {
  type CancellationOutcome,
  type CancelledBy,
  cancellationOutcome,
  formatSydneyDate,
  formatSydneyTime,
  type PaymentRefundState,
  testPackCancellationOutcome,
} from "@kerb/shared/rules";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { UnitOfWork } from "../../platform/unit-of-work-effects.ts";
import { returnBundleCredit } from "../bundles/index.ts";
import { isInstructorUnavailable } from "../compliance/index.ts";
import { postLessonEarned } from "../ledger/index.ts";
import { findPaymentRefundState } from "../payments/index.ts";
import { findPackOfLesson, returnCreditOfPack } from "../test-packages/index.ts";
import { enqueueLessonCancelled, openClashBookingIds } from "./emails/index.ts";
import { lockLessonForCancellation } from "./lesson-reads.ts";
import { cancelLesson, checkLessonTransition } from "./lessons.writes.ts";

interface CancelLessonInput {
  bookingId: string;
  cancelledBy: CancelledBy;
  now: Date;
  /** Why, when the canceller said (admin console): quoted in the email to the other party. */
  reason?: string | null;
  /** The web app's origin, for the link in that email. */
  appUrl?: string;
}

export interface CancelLessonResult {
  bookingId: string;
  /** Cents given back to the card, GST included (0 for a bundle lesson). */
  refundCents: number;
  /** The queued card refund (the unit of work delivers it after commit). */
  refundId: string | null;
  /** True when the lesson went back to the bundle it was paid from. */
  bundleCreditReturned: boolean;
  /** A driving-test package's credit given back (the pack's full tier); null otherwise. */
  testPackCreditReturned: string | null;
  /** The GST part of `refundCents`. */
  refundGstCents: number;
  /** How the student got something back: CARD, CREDIT (to the bundle) or NONE. */
  method: CancellationOutcome["method"];
  tier: CancellationOutcome["tier"];
  /** Lesson value (ex GST) the platform keeps, stored as bookings.kept_cents; the instructor earns 75%. */
  keptCents: number;
}

/** What a lesson needs for the cancellation rule: its state, start, price and how it was paid. */
interface CancellableLesson {
  status: BookingStatus;
  startTime: Date;
  priceCents: number;
  paymentId: string | null;
  bundleId: string | null;
  /** Its instructor may no longer teach (compliance): a student's cancellation is then always full. */
  instructorUnavailable?: boolean;
  /** Its card payment as it stands, so the refund's GST is the payment's remainder where it must be. */
  payment?: PaymentRefundState | undefined;
  /**
   * A driving-test package (its test_packs row, and the test-pack credit that paid for it if one did):
   * its own tiers apply (rules/test-pack-cancellation.ts). Undefined for an ordinary lesson.
   */
  pack?: { creditId: string | null } | undefined;
}

/**
 * The outcome cancelling `lesson` at `now` would have, or the 409 explaining why it cannot be
 * cancelled. The student's preview and every actual cancellation call this, so they cannot disagree.
 */
export function cancellationFor(
  lesson: CancellableLesson,
  cancelledBy: CancelledBy,
  now: Date,
): CancellationOutcome {
  // The lesson lifecycle (rules/lesson-lifecycle.ts): only a SCHEDULED lesson, by its student, its
  // instructor or an admin.
  checkLessonTransition("cancel", lesson.status, cancelledBy);
  if (lesson.startTime.getTime() <= now.getTime()) {
    const started = `This lesson started at ${formatSydneyTime(lesson.startTime)} on ${formatSydneyDate(lesson.startTime)}`;
    throw new AppError(
      "invalid_state",
      cancelledBy === "STUDENT"
        ? `${started} and can no longer be cancelled`
        : `${started} and can no longer be cancelled; mark it completed or no-show instead`,
      { status: lesson.status },
    );
  }
  if (lesson.pack) {
    return testPackCancellationOutcome({
      priceCents: lesson.priceCents,
      pickupAt: lesson.startTime,
      now,
      cancelledBy,
      paidWith: lesson.pack.creditId ? "TEST_PACK_CREDIT" : lesson.paymentId ? "CARD" : null,
      instructorUnavailable: lesson.instructorUnavailable ?? false,
      ...(lesson.payment ? { payment: lesson.payment } : {}),
    });
  }
  return cancellationOutcome({
    priceCents: lesson.priceCents,
    startTime: lesson.startTime,
    now,
    cancelledBy,
    paidWith: lesson.bundleId ? "BUNDLE" : lesson.paymentId ? "CARD" : null,
    instructorUnavailable: lesson.instructorUnavailable ?? false,
    ...(lesson.payment ? { payment: lesson.payment } : {}),
  });
}

/**
 * The student did not cause a cancellation of a lesson its instructor cannot teach: the instructor may no
 * longer teach at all (delisted, a document lapsed), or their time off clashes with it (the student was
 * told, and it is not resolved yet). Either way the student's own cancellation is the full tier.
 */
export async function cannotBeTaught(
  db: Executor,
  lesson: { id: string; instructorId: string },
  now: Date,
): Promise<boolean> {
  // One after the other: `db` may be the cancellation's transaction.
  if (await isInstructorUnavailable(db, lesson.instructorId, now)) return true;
  return (await openClashBookingIds(db, [lesson.id])).has(lesson.id);
}

/**
 * SCHEDULED lesson that has not started → CANCELLED, with the outcome the shared `cancellationOutcome`
 * rule gives (instructor and admin cancellations are always full):
 * - paid from a bundle: the credit goes back (bundles.usedLessons − 1) and no money moves. A credit
 *   cannot be split, so it is returned only on a full-refund tier; a late student cancellation forfeits it;
 * - paid by card: the lesson's refundable share plus its GST, GST going back on the payment's running
 *   total (rules/payment-refunds.ts) so the refunds add up to the invoice; bookings.refundCents records
 *   it, and a card refund is queued in the unit of work (its row adds itself to the payment's totals),
 *   which delivers it after commit; the refund worker retries it until the provider accepts it.
 * The row is locked so a concurrent cancel, completion or second refund waits and then finds the
 * lesson no longer SCHEDULED. Ownership checks are the caller's job. bookings.keptCents
 * records what the platform keeps, which the earnings figures count (75% to the instructor).
 */
export async function cancelLessonWithRefund(
  uow: UnitOfWork,
  input: CancelLessonInput,
): Promise<CancelLessonResult> {
  const { tx } = uow;
  const booking = await lockLessonForCancellation(tx, input.bookingId);
  if (!booking) throw new AppError("not_found", "Lesson not found");
  const instructorUnavailable =
    input.cancelledBy === "STUDENT" && (await cannotBeTaught(tx, booking, input.now));
  // Locked after the lesson: cancellations of one payment's lessons refund one after the other.
  const payment =
    booking.paymentId && !booking.bundleId
      ? await findPaymentRefundState(tx, booking.paymentId, { lock: true })
      : undefined;
  const pack = await findPackOfLesson(tx, booking.id);
  const outcome = cancellationFor(
    { ...booking, instructorUnavailable, payment, pack },
    input.cancelledBy,
    input.now,
  );
  const refund = outcome.refundCents;
  const bundleCreditReturned = Boolean(booking.bundleId) && outcome.creditReturned;
  let testPackCreditReturned: string | null = null;
  let refundId: string | null = null;
  if (pack?.creditId) {
    // The pack's full tier: the credit is unused again, with its own expiry (a later tier keeps it spent).
    if (outcome.creditReturned)
      testPackCreditReturned = (await returnCreditOfPack(tx, booking.id))?.id ?? null;
  } else if (booking.bundleId) {
    if (bundleCreditReturned) await returnBundleCredit(tx, booking.bundleId, booking);
  } else if (booking.paymentId && refund > 0) {
    refundId = await uow.refund({
      paymentId: booking.paymentId,
      bookingId: booking.id,
      amountCents: refund,
      gstCents: outcome.refundGstCents,
      reason: "LESSON_CANCELLED",
      now: input.now,
    });
  }
  await cancelLesson(tx, {
    lessonId: booking.id,
    now: input.now,
    by: input.cancelledBy,
    refundCents: refund,
    keptCents: outcome.keptCents,
  });
  // Value kept by a late cancellation is earned like a lesson taught (the refunded share posted with its refund).
  if (outcome.keptCents > 0) await postLessonEarned(uow, booking.id, "KEPT");
  // Every cancellation path comes through here, so the other party is always told, in this transaction.
  await enqueueLessonCancelled(uow, {
    bookingId: booking.id,
    cancelledBy: input.cancelledBy,
    refund: { method: outcome.method, refundCents: refund, refundGstCents: outcome.refundGstCents },
    reason: input.reason ?? null,
    now: input.now,
    ...(pack ? { testPack: { paidWithCredit: pack.creditId !== null } } : {}),
    ...(input.appUrl ? { appUrl: input.appUrl } : {}),
  });
  return {
    bookingId: booking.id,
    refundCents: refund,
    refundId,
    bundleCreditReturned,
    testPackCreditReturned,
    refundGstCents: outcome.refundGstCents,
    method: outcome.method,
    tier: outcome.tier,
    keptCents: outcome.keptCents,
  };
}

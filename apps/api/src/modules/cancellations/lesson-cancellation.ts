/**
 * Cancelling a paid lesson and settling the money, in the caller's transaction. Shared by the
 * instructor portal, the admin console and (later) student self-service cancellation.
 */
import {
  type CancelledBy,
  cancellationOutcome,
  formatSydneyDate,
  formatSydneyTime,
} from "@kerb/shared/rules";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { queueCardRefund } from "../refunds/refund-queue.ts";
import * as repo from "./cancellations.repository.ts";

export interface CancelLessonInput {
  bookingId: string;
  cancelledBy: CancelledBy;
  now: Date;
}

export interface CancelLessonResult {
  bookingId: string;
  /** Cents given back to the card, GST included (0 for a bundle lesson). */
  refundCents: number;
  /** The queued card refund, for the caller to deliver after commit (`deliverCardRefunds`). */
  refundId: string | null;
  /** True when the lesson went back to the bundle it was paid from. */
  bundleCreditReturned: boolean;
}

/**
 * SCHEDULED lesson that has not started → CANCELLED, with the outcome the shared `cancellationOutcome`
 * rule gives (instructor and admin cancellations are always full):
 * - paid from a bundle: the credit goes back (bundles.usedLessons − 1) and no money moves. A credit
 *   cannot be split, so it is returned only on a full-refund tier; a late student cancellation forfeits it;
 * - paid by card: the lesson's refundable share plus the GST charged on it (the student paid both);
 *   bookings.refundCents records it, payments.refundedCents grows by it and a card refund is
 *   queued in the same transaction; the caller delivers it after commit (`deliverCardRefunds`),
 *   since that is a network call, and the refund worker retries it until the provider accepts it.
 * Pass a transaction: the row is locked so a concurrent cancel, completion or second refund waits and
 * then finds the lesson no longer SCHEDULED. Ownership checks are the caller's job.
 */
export async function cancelLessonWithRefund(
  tx: Executor,
  input: CancelLessonInput,
): Promise<CancelLessonResult> {
  const booking = await repo.lockBookingForCancellation(tx, input.bookingId);
  if (!booking) throw new AppError("not_found", "Lesson not found");
  if (booking.status !== "SCHEDULED") {
    throw new AppError(
      "invalid_state",
      `Only scheduled lessons can be cancelled; this lesson is ${booking.status.toLowerCase().replace("_", " ")}`,
      { status: booking.status },
    );
  }
  if (booking.startTime.getTime() <= input.now.getTime()) {
    throw new AppError(
      "invalid_state",
      `This lesson started at ${formatSydneyTime(booking.startTime)} on ${formatSydneyDate(booking.startTime)} ` +
        "and can no longer be cancelled; mark it completed or no-show instead",
    );
  }

  // The shared rule: the web's cancel dialogs preview exactly this outcome before anyone confirms.
  const outcome = cancellationOutcome({
    priceCents: booking.priceCents,
    startTime: booking.startTime,
    now: input.now,
    cancelledBy: input.cancelledBy,
    paidWith: booking.bundleId ? "BUNDLE" : booking.paymentId ? "CARD" : null,
  });
  const refund = outcome.refundCents;
  const bundleCreditReturned = outcome.creditReturned;
  let refundId: string | null = null;
  if (booking.bundleId) {
    if (bundleCreditReturned) await repo.returnBundleCredit(tx, booking.bundleId);
  } else if (booking.paymentId && refund > 0) {
    await repo.addPaymentRefund(tx, booking.paymentId, refund);
    refundId = await queueCardRefund(tx, {
      paymentId: booking.paymentId,
      bookingId: booking.id,
      amountCents: refund,
      reason: "LESSON_CANCELLED",
      now: input.now,
    });
  }
  await repo.markBookingCancelled(tx, {
    bookingId: booking.id,
    now: input.now,
    cancelledBy: input.cancelledBy,
    refundCents: refund,
  });
  return {
    bookingId: booking.id,
    refundCents: refund,
    refundId,
    bundleCreditReturned,
  };
}

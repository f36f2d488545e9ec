/**
 * Settling a student's no-show dispute (rules/no-show-disputes.ts), in the caller's unit of work. Only an
 * admin, only inside the dispute window, once:
 * - KEEP: nothing moves; the lesson records that its value was kept (kept_cents = price).
 * - REFUND: the instructor's earning is reversed in the ledger, then the student gets the lesson's value
 *   back — a card refund of its price plus GST on the payment's running total (rules/payment-refunds.ts,
 *   exact to the cent, queued through uow.refund with its own posting), or the credit returned to its
 *   bundle — and the lesson records kept_cents = 0, so its earning is gone from the earnings page and
 *   from any payout not made yet.
 * A lesson already in a payout is refused: the instructor was paid for it, and a payout's lessons and
 * amount are fixed once it is made (statements are tax records). Kerb has no deduction from a later
 * payout yet, so the admin is told to keep it or settle the refund outside Kerb.
 */
import {
  formatSydneyDate,
  keptAfterNoShowDispute,
  type NoShowResolution,
  noShowDisputeRefusal,
  payoutStatementNumber,
  refundOfShare,
} from "@kerb/shared/rules";
import { AppError } from "../../lib/app-error.ts";
import type { UnitOfWork } from "../../platform/unit-of-work-effects.ts";
import { returnBundleCredit } from "../bundles/index.ts";
import { postNoShowRefunded } from "../ledger/index.ts";
import { findPaymentRefundState } from "../payments/index.ts";
import { findPayoutOfLesson, lockInstructorPayouts } from "../payouts/index.ts";
import { lockLessonForNoShowDispute } from "./lesson-reads.ts";
import { checkLessonTransition, settleNoShowDispute } from "./lessons.writes.ts";

interface NoShowDisputeInput {
  bookingId: string;
  resolution: NoShowResolution;
  /** The admin's note: what they found (audited). */
  note: string;
  adminId: string;
  now: Date;
}

interface NoShowDisputeResult {
  resolution: NoShowResolution;
  /** Cents back to the card, GST included (0 when kept, or for a credit lesson). */
  refundCents: number;
  refundGstCents: number;
  refundId: string | null;
  bundleCreditReturned: boolean;
}

export async function settleNoShow(uow: UnitOfWork, input: NoShowDisputeInput): Promise<NoShowDisputeResult> {
  const { tx } = uow;
  const lesson = await lockLessonForNoShowDispute(tx, input.bookingId);
  if (!lesson) throw new AppError("not_found", "Booking not found");
  checkLessonTransition("settleNoShow", lesson.status, "ADMIN");
  const refusal = noShowDisputeRefusal(lesson, input.now);
  if (refusal) throw new AppError("invalid_state", refusal, { status: lesson.status });

  let refundCents = 0;
  let refundGstCents = 0;
  let refundId: string | null = null;
  let bundleCreditReturned = false;
  if (input.resolution === "REFUND") {
    if (!lesson.paymentId && !lesson.bundleId) {
      throw new AppError("invalid_state", "Nothing was paid for this lesson, so there is nothing to refund");
    }
    // The payout run takes this lock before it reads what is payable: either it made its payout first
    // (and the lesson is in it, found below) or it waits and then finds the lesson refunded.
    await lockInstructorPayouts(tx, lesson.instructorId);
    const payout = await findPayoutOfLesson(tx, lesson.id);
    if (payout) {
      const when = payout.paidAt ? `paid ${formatSydneyDate(payout.paidAt)}` : "not transferred yet";
      throw new AppError(
        "invalid_state",
        `The instructor has already been paid for this lesson (payout ${payoutStatementNumber(payout)}, ${when}), ` +
          "so Kerb cannot refund it here. Keep the no-show, or refund the student outside Kerb and agree " +
          "the amount with the instructor.",
        { payoutId: payout.id },
      );
    }
    // The earning comes back first, so the refund gives back value that is unearned again.
    await postNoShowRefunded(uow, lesson.id, input.now);
    if (lesson.bundleId) {
      await returnBundleCredit(tx, lesson.bundleId, lesson);
      bundleCreditReturned = true;
    } else if (lesson.paymentId) {
      const payment = await findPaymentRefundState(tx, lesson.paymentId, { lock: true });
      if (!payment) throw new AppError("not_found", "Payment not found");
      const refund = refundOfShare(payment, lesson.priceCents);
      refundCents = refund.amountCents;
      refundGstCents = refund.gstCents;
      if (refundCents > 0) {
        refundId = await uow.refund({
          paymentId: lesson.paymentId,
          bookingId: lesson.id,
          amountCents: refundCents,
          gstCents: refundGstCents,
          reason: "NO_SHOW_DISPUTE",
          now: input.now,
        });
      }
    }
  }
  const keptCents = keptAfterNoShowDispute(input.resolution, lesson.priceCents);
  await settleNoShowDispute(tx, {
    lessonId: lesson.id,
    keptCents,
    refundCents: input.resolution === "REFUND" ? refundCents : null,
  });
  await uow.audit({
    actorId: input.adminId,
    action: "booking.no_show_dispute",
    targetType: "booking",
    targetId: lesson.id,
    details: {
      resolution: input.resolution,
      note: input.note,
      refundCents,
      bundleCreditReturned,
      before: { keptCents: lesson.priceCents },
      after: { keptCents },
    },
    createdAt: input.now,
  });
  return { resolution: input.resolution, refundCents, refundGstCents, refundId, bundleCreditReturned };
}

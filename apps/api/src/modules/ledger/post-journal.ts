/**
 * Writing the ledger (docs/decisions/012-ledger.md). Use cases post through their unit of work
 * (`uow.post`, the only caller of `postJournal`): a posting commits or rolls back with the change that
 * caused it; the builders here say what a business event posts. Keys are unique, so posting an event
 * twice (a retried webhook, a second click) is a no-op.
 */
import {
  assertBalancedLines,
  cardRefundPosting,
  gstOfCharge,
  heldLessonRefundedPosting,
  lessonEarnedPosting,
  lessonPromotionPosting,
  noShowRefundedPosting,
  paymentCapturedPosting,
} from "@kerb/shared/rules";
import type { Executor } from "../../db/client.ts";
import type { JournalInput, UnitOfWork } from "../../platform/unit-of-work-effects.ts";
import * as repo from "./ledger.repository.ts";

export type { JournalInput } from "../../platform/unit-of-work-effects.ts";

/**
 * Posts one balanced journal; true when written, false when its key was posted before (nothing is
 * written then). Throws unless the lines are integer cents that sum to zero.
 */
export async function postJournal(tx: Executor, input: JournalInput): Promise<boolean> {
  assertBalancedLines(input.lines);
  return repo.insertJournalOnce(
    tx,
    {
      key: input.key,
      event: input.event,
      paymentId: input.paymentId ?? null,
      bookingId: input.bookingId ?? null,
      payoutId: input.payoutId ?? null,
      occurredAt: input.occurredAt,
    },
    input.lines.map((line) => ({
      account: line.account,
      amountCents: line.amountCents,
      instructorId: line.instructorId ?? null,
    })),
  );
}

/** The card was charged `chargedCents` (the invoice amount, unless the provider says otherwise). */
export function paymentCapturedJournal(
  payment: { id: string; amountCents: number; gstCents: number },
  occurredAt: Date,
  chargedCents = payment.amountCents,
): JournalInput {
  return {
    ...paymentCapturedPosting({
      paymentId: payment.id,
      amountCents: chargedCents,
      gstCents: gstOfCharge(payment, chargedCents),
    }),
    occurredAt,
  };
}

/**
 * A card refund was decided (its queue row exists): keyed by that row, so it posts once however often
 * delivery is retried, with the GST the refund stored.
 */
export function cardRefundJournal(
  refund: { id: string; paymentId: string; bookingId: string | null; amountCents: number; gstCents: number },
  occurredAt: Date,
): JournalInput {
  return {
    ...cardRefundPosting({
      refundId: refund.id,
      paymentId: refund.paymentId,
      bookingId: refund.bookingId,
      amountCents: refund.amountCents,
      gstCents: refund.gstCents,
    }),
    occurredAt,
  };
}

/**
 * A lesson's value is earned: COMPLETED or NO_SHOW at its price (a credit lesson's price is its
 * bundle's per-lesson price), KEPT at bookings.kept_cents after a late cancellation. Dated at the
 * lesson's start, the hour the instructor is paid for, like the earnings page and the statements.
 * False when nothing was posted (posted before, nothing kept, or a lesson nobody paid for).
 */
export async function postLessonEarned(
  uow: UnitOfWork,
  bookingId: string,
  outcome: "COMPLETED" | "NO_SHOW" | "KEPT",
): Promise<boolean> {
  const lesson = await repo.findLessonForLedger(uow.tx, bookingId);
  if (!lesson) throw new Error(`No lesson ${bookingId} to post`);
  const valueCents = outcome === "KEPT" ? (lesson.keptCents ?? 0) : lesson.priceCents;
  if (valueCents <= 0) return false;
  if (!lesson.paymentId) {
    // A promised test pack: the instructor is paid their share as for any lesson, at Kerb's cost; also
    // of its kept value when the learner cancels late, as earnings and payouts count it (sql-rules.ts).
    if (lesson.isPromotion) {
      return uow.post({
        ...lessonPromotionPosting({ bookingId, instructorId: lesson.instructorId, valueCents }),
        occurredAt: lesson.startTime,
      });
    }
    // Any other lesson nobody paid for (neither card nor credit) earns nothing: no money to share.
    return false;
  }
  return uow.post({
    ...lessonEarnedPosting({
      bookingId,
      paymentId: lesson.paymentId,
      instructorId: lesson.instructorId,
      valueCents,
      outcome,
    }),
    occurredAt: lesson.startTime,
  });
}

/**
 * A no-show's dispute was upheld: its earning is reversed (the instructor's share and the platform's fee
 * back to unearned value), dated when it was decided, so a closed month is not rewritten. Call before
 * the lesson's kept value changes and before the refund (card or credit) gives that value back. False
 * when nothing was posted (reversed before, or a lesson nobody paid for).
 */
export async function postNoShowRefunded(
  uow: UnitOfWork,
  bookingId: string,
  occurredAt: Date,
): Promise<boolean> {
  const lesson = await repo.findLessonForLedger(uow.tx, bookingId);
  if (!lesson) throw new Error(`No lesson ${bookingId} to post`);
  if (lesson.priceCents <= 0 || !lesson.paymentId) return false;
  return uow.post({
    ...noShowRefundedPosting({
      bookingId,
      paymentId: lesson.paymentId,
      instructorId: lesson.instructorId,
      valueCents: lesson.priceCents,
    }),
    occurredAt,
  });
}

/**
 * A held lesson (taught during its instructor's teaching stop) was refunded: the earning posted when the
 * instructor marked it is reversed, dated when it was decided. `earnedCents` is what was posted (0 for a
 * lesson never marked: nothing to reverse). Call before the refund gives the value back.
 */
export async function postHeldLessonRefunded(
  uow: UnitOfWork,
  lesson: { id: string; status: "COMPLETED" | "NO_SHOW"; earnedCents: number },
  occurredAt: Date,
): Promise<boolean> {
  const row = await repo.findLessonForLedger(uow.tx, lesson.id);
  if (!row) throw new Error(`No lesson ${lesson.id} to post`);
  if (lesson.earnedCents <= 0 || !row.paymentId) return false;
  return uow.post({
    ...heldLessonRefundedPosting({
      bookingId: lesson.id,
      paymentId: row.paymentId,
      instructorId: row.instructorId,
      valueCents: lesson.earnedCents,
      outcome: lesson.status,
    }),
    occurredAt,
  });
}

import { type CancellationPreview, FULL_REFUND_NOTICE_HOURS, HALF_REFUND_NOTICE_HOURS } from "@kerb/shared";
import { type CancellationOutcome, creditsSpentOn, formatAud } from "@kerb/shared/rules";
import { creditCount, creditsGoBack, refundCardOf } from "@kerb/shared/words";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { findPayer, findPaymentRefundState } from "../payments/index.ts";
import { toStudentBooking } from "../students/index.ts";
import { cancellationFor, cannotBeTaught } from "./lesson-cancellation.ts";
import { findStudentLessonRow } from "./lesson-reads.ts";
import { toStudentRefund } from "./lesson-views.ts";

/** The confirm dialog's one sentence: what comes back, and why when it is less than everything. */
function cancellationSummary(
  outcome: CancellationOutcome,
  paidWith: "BUNDLE" | "CARD" | null,
  credits: number,
  /** A guardian who paid: the money goes back to their card, named (issue 30). */
  payer: { firstName: string; lastName: string } | null,
) {
  // A 2-hour lesson used 2 credits: name the count rather than "the lesson credit".
  const theCredits = credits === 1 ? "the lesson credit" : `the lesson's ${creditCount(credits)}`;
  const [is, does] = credits === 1 ? ["is", "does"] : ["are", "do"];
  const toCard = `${formatAud(outcome.refundCents)} back to ${refundCardOf(payer)}, including ${formatAud(outcome.refundGstCents)} GST`;
  if (paidWith === null) return "Nothing was paid for this lesson, so there is nothing to refund.";
  if (outcome.tier === "full") {
    return paidWith === "BUNDLE" ? `${creditsGoBack(credits)}.` : `You will get ${toCard}.`;
  }
  if (outcome.tier === "half") {
    return paidWith === "BUNDLE"
      ? `This lesson is less than ${FULL_REFUND_NOTICE_HOURS} hours away, so ${theCredits} ${is} forfeited and ${does} not go back to your bundle.`
      : `This lesson is less than ${FULL_REFUND_NOTICE_HOURS} hours away, so half is refunded: you will get ${toCard}.`;
  }
  return paidWith === "BUNDLE"
    ? `This lesson is less than ${HALF_REFUND_NOTICE_HOURS} hours away, so nothing is refunded and ${theCredits} ${does} not go back to your bundle.`
    : `This lesson is less than ${HALF_REFUND_NOTICE_HOURS} hours away, so nothing is refunded.`;
}

/**
 * GET /student/bookings/:id/cancellation: exactly what cancelOwnLesson would do now (same rule, same
 * clock) and the confirm dialog's sentence; nothing written.
 */
export async function previewOwnCancellation(
  ctx: AppContext,
  studentId: string,
  bookingId: string,
): Promise<CancellationPreview> {
  const row = await findStudentLessonRow(ctx.db, studentId, bookingId);
  if (!row) throw new AppError("not_found", "Lesson not found");
  const now = ctx.now();
  const byCard = row.paymentId && !row.bundleId ? row.paymentId : null;
  const [instructorUnavailable, payment, payer] = await Promise.all([
    cannotBeTaught(ctx.db, { id: row.id, instructorId: row.instructor.id }, now),
    byCard ? findPaymentRefundState(ctx.db, byCard) : undefined,
    byCard ? findPayer(ctx.db, byCard) : undefined,
  ]);
  const outcome = cancellationFor({ ...row, instructorUnavailable, payment }, "STUDENT", now);
  const paidWith = row.bundleId ? "BUNDLE" : row.paymentId ? "CARD" : null;
  return {
    booking: toStudentBooking(row),
    tier: outcome.tier,
    refund: toStudentRefund(outcome),
    creditReturned: outcome.creditReturned,
    summary: cancellationSummary(
      outcome,
      paidWith,
      creditsSpentOn(row.startTime, row.endTime),
      payer ?? null,
    ),
    refundTo: refundCardOf(payer),
  };
}

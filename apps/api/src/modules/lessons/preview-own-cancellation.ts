import { type CancellationPreview, FULL_REFUND_NOTICE_HOURS, HALF_REFUND_NOTICE_HOURS } from "@kerb/shared";
import { type CancellationOutcome, creditsSpentOn, formatAud, formatSydneyDate } from "@kerb/shared/rules";
import {
  creditCount,
  creditsGoBack,
  refundCardOf,
  TEST_PACK_FULL_REFUND_NOTICE,
  TEST_PACK_HALF_REFUND_NOTICE,
} from "@kerb/shared/words";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { findPayer, findPaymentRefundState } from "../payments/index.ts";
import { toStudentBooking } from "../students/index.ts";
import { findPackOfLesson, type PackOfLesson, testPackSummariesOf } from "../test-packages/index.ts";
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
 * The same for a driving-test package, by its own tiers (rules/test-pack-cancellation.ts). A learner whose
 * test Service NSW moved should move the pack instead, at no cost: said whenever something is lost.
 */
function packCancellationSummary(
  outcome: CancellationOutcome,
  pack: PackOfLesson,
  paidWith: "CARD" | null,
  payer: { firstName: string; lastName: string } | null,
) {
  const toCard = `${formatAud(outcome.refundCents)} back to ${refundCardOf(payer)}, including ${formatAud(outcome.refundGstCents)} GST`;
  const moveInstead =
    "If your test moved, move the package to the new test time instead: that costs nothing.";
  if (pack.creditId) {
    if (outcome.creditReturned) {
      const until = pack.creditExpiresAt ? ` until ${formatSydneyDate(pack.creditExpiresAt)}` : "";
      return `Your test-pack credit goes back to you, to book a package for another test${until}.`;
    }
    const notice = outcome.tier === "half" ? TEST_PACK_FULL_REFUND_NOTICE : TEST_PACK_HALF_REFUND_NOTICE;
    return `The pick-up is less than ${notice} away, so your test-pack credit stays used (a credit cannot be split). ${moveInstead}`;
  }
  if (paidWith === null) return "Nothing was paid for this package, so there is nothing to refund.";
  if (outcome.tier === "full") return `You will get ${toCard}.`;
  if (outcome.tier === "half") {
    return `The pick-up is less than ${TEST_PACK_FULL_REFUND_NOTICE} away, so half is refunded: you will get ${toCard}. ${moveInstead}`;
  }
  return `The pick-up is less than ${TEST_PACK_HALF_REFUND_NOTICE} away, so nothing is refunded. ${moveInstead}`;
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
  const [instructorUnavailable, payment, payer, pack, packSummaries] = await Promise.all([
    cannotBeTaught(ctx.db, { id: row.id, instructorId: row.instructor.id }, now),
    byCard ? findPaymentRefundState(ctx.db, byCard) : undefined,
    byCard ? findPayer(ctx.db, byCard) : undefined,
    findPackOfLesson(ctx.db, row.id),
    testPackSummariesOf(ctx.db, [row.id]),
  ]);
  const outcome = cancellationFor({ ...row, instructorUnavailable, payment, pack }, "STUDENT", now);
  const paidWith = row.bundleId ? "BUNDLE" : row.paymentId ? "CARD" : null;
  return {
    // A pack says so, for the dialog's title and its credit row.
    booking: { ...toStudentBooking(row), testPack: packSummaries.get(row.id) ?? null },
    tier: outcome.tier,
    refund: toStudentRefund(outcome),
    creditReturned: outcome.creditReturned,
    summary: pack
      ? packCancellationSummary(outcome, pack, byCard ? "CARD" : null, payer ?? null)
      : cancellationSummary(outcome, paidWith, creditsSpentOn(row.startTime, row.endTime), payer ?? null),
    refundTo: refundCardOf(payer),
  };
}

/**
 * The double-entry ledger's postings (docs/decisions/012-ledger.md). Integer cents, debits positive,
 * credits negative; every posting sums to zero. These builders say which accounts a money event moves;
 * the API writes them in the transaction of the change, under a unique key so nothing posts twice.
 */
import { formatAud } from "./money.ts";
import { instructorEarningsCents, platformFeeCents } from "./pricing.ts";

export const LEDGER_ACCOUNT_NAMES = [
  "STUDENT_CASH",
  "GST_PAYABLE",
  "UNEARNED_REVENUE",
  "PLATFORM_REVENUE",
  "INSTRUCTOR_PAYABLE",
  "REFUNDS",
  /** Owed to instructors under a payout whose transfer has not gone through yet (pending or failed). */
  "PAYOUTS_DUE",
  /**
   * GST Kerb can claim back (an asset): the GST on recipient-created tax invoices for GST-registered
   * instructors (docs/decisions/030-instructor-gst-and-abn.md).
   */
  "GST_CREDITS",
  /**
   * What Kerb pays out of its own pocket for a promotion (an expense): the instructor's share of a
   * driving-test pack paid with the pass promise's credit (issue 33), which no learner paid for.
   */
  "PROMOTION_COSTS",
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNT_NAMES)[number];

export const LEDGER_EVENTS = [
  "payment.captured",
  "refund.queued",
  "lesson.completed",
  "lesson.no_show",
  "lesson.kept",
  /** A no-show's dispute was upheld: its earning is reversed (the student's refund posts on its own). */
  "lesson.no_show_refunded",
  /**
   * A lesson taught while its instructor could not teach was refunded by an admin (rules/teaching-stops.ts):
   * its earning, if the instructor had marked it, is reversed.
   */
  "lesson.held_refunded",
  /** A pack paid with the pass promise's credit was taught: Kerb pays the instructor's share itself. */
  "lesson.promotion",
  /** A payout was made up: its lessons' payable moves to PAYOUTS_DUE. */
  "payout",
  /** Its transfer went through: the money leaves cash. */
  "payout.paid",
  /**
   * Migration 0008's correction of a payout posted before PAYOUTS_DUE existed, when a payout took
   * the money out of cash at creation, transferred or not.
   */
  "payout.restated",
] as const;
export type LedgerEvent = (typeof LEDGER_EVENTS)[number];

export interface LedgerLine {
  account: LedgerAccount;
  /** Debit positive, credit negative. */
  amountCents: number;
  /** Whose payable it is (INSTRUCTOR_PAYABLE lines). */
  instructorId?: string | null;
}

export interface LedgerPosting {
  /** Unique per event: posting the same key twice is a no-op. */
  key: string;
  event: LedgerEvent;
  paymentId?: string | null;
  bookingId?: string | null;
  payoutId?: string | null;
  lines: LedgerLine[];
}

/** Throws unless every line is integer cents and the lines sum to zero. */
export function assertBalancedLines(lines: readonly LedgerLine[]): void {
  let sum = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountCents)) {
      throw new RangeError(`Ledger line on ${line.account} is not integer cents: ${line.amountCents}`);
    }
    sum += line.amountCents;
  }
  if (sum !== 0) throw new RangeError(`Ledger lines do not balance: they sum to ${sum} cents`);
}

/** Zero lines say nothing; a posting keeps only the lines that move money. */
function posting(base: Omit<LedgerPosting, "lines">, lines: LedgerLine[]): LedgerPosting {
  const moving = lines.filter((l) => l.amountCents !== 0);
  assertBalancedLines(moving);
  return { ...base, lines: moving };
}

/** The card was charged: the cash is held against GST owed and lessons not yet delivered. */
export function paymentCapturedPosting(input: {
  paymentId: string;
  amountCents: number;
  gstCents: number;
}): LedgerPosting {
  return posting(
    { key: `payment:${input.paymentId}:captured`, event: "payment.captured", paymentId: input.paymentId },
    [
      { account: "STUDENT_CASH", amountCents: input.amountCents },
      { account: "GST_PAYABLE", amountCents: -input.gstCents },
      { account: "UNEARNED_REVENUE", amountCents: -(input.amountCents - input.gstCents) },
    ],
  );
}

/**
 * A card refund was decided (queued): the undelivered lesson value and its GST go back to the student.
 * REFUNDS is the contra-cash account: cash still held is STUDENT_CASH + REFUNDS.
 */
export function cardRefundPosting(input: {
  refundId: string;
  paymentId: string;
  bookingId?: string | null;
  amountCents: number;
  gstCents: number;
}): LedgerPosting {
  return posting(
    {
      key: `refund:${input.refundId}`,
      event: "refund.queued",
      paymentId: input.paymentId,
      bookingId: input.bookingId ?? null,
    },
    [
      { account: "UNEARNED_REVENUE", amountCents: input.amountCents - input.gstCents },
      { account: "GST_PAYABLE", amountCents: input.gstCents },
      { account: "REFUNDS", amountCents: -input.amountCents },
    ],
  );
}

/**
 * A lesson's value (ex GST) is earned: taught (COMPLETED), a no-show, or kept by a late cancellation
 * (its kept value). 25% to the platform, 75% payable to the instructor, to the cent (pricing.ts).
 * A credit-paid lesson is worth the bundle's per-lesson price; its payment is the bundle's.
 */
export function lessonEarnedPosting(input: {
  bookingId: string;
  paymentId: string | null;
  instructorId: string;
  valueCents: number;
  outcome: "COMPLETED" | "NO_SHOW" | "KEPT";
}): LedgerPosting {
  const kept = input.outcome === "KEPT";
  return posting(
    {
      key: `lesson:${input.bookingId}:${kept ? "kept" : "earned"}`,
      event: kept ? "lesson.kept" : input.outcome === "COMPLETED" ? "lesson.completed" : "lesson.no_show",
      paymentId: input.paymentId,
      bookingId: input.bookingId,
    },
    [
      { account: "UNEARNED_REVENUE", amountCents: input.valueCents },
      { account: "PLATFORM_REVENUE", amountCents: -platformFeeCents(input.valueCents) },
      {
        account: "INSTRUCTOR_PAYABLE",
        amountCents: -instructorEarningsCents(input.valueCents),
        instructorId: input.instructorId,
      },
    ],
  );
}

/**
 * A lesson nobody paid for, taught under a promotion (a pass-promise test pack): the instructor's share
 * of its value is owed to them as for any lesson, and is Kerb's cost, not revenue taken from a learner.
 * Keyed like an earning, so a lesson is either earned or promoted, once.
 */
export function lessonPromotionPosting(input: {
  bookingId: string;
  instructorId: string;
  valueCents: number;
}): LedgerPosting {
  const shareCents = instructorEarningsCents(input.valueCents);
  return posting(
    {
      key: `lesson:${input.bookingId}:earned`,
      event: "lesson.promotion",
      paymentId: null,
      bookingId: input.bookingId,
    },
    [
      { account: "PROMOTION_COSTS", amountCents: shareCents },
      { account: "INSTRUCTOR_PAYABLE", amountCents: -shareCents, instructorId: input.instructorId },
    ],
  );
}

/**
 * A no-show's dispute was upheld: the earning `lessonEarnedPosting` made for it is reversed line for
 * line (the lesson's value back to unearned, the platform's fee and the instructor's share taken back),
 * so the refund (a card refund's own posting, or the credit back in the bundle) gives back value that
 * is unearned again. Keyed by the lesson: it reverses once.
 */
export function noShowRefundedPosting(input: EarningReversalInput): LedgerPosting {
  return earningReversed(input, "NO_SHOW", "no_show_refunded");
}

/**
 * A held lesson (taught while its instructor could not teach) was refunded: the earning posted when the
 * instructor marked it is reversed line for line, as for an upheld no-show dispute.
 */
export function heldLessonRefundedPosting(
  input: EarningReversalInput & { outcome: "COMPLETED" | "NO_SHOW" },
): LedgerPosting {
  return earningReversed(input, input.outcome, "held_refunded");
}

interface EarningReversalInput {
  bookingId: string;
  paymentId: string | null;
  instructorId: string;
  valueCents: number;
}

function earningReversed(
  input: EarningReversalInput,
  outcome: "COMPLETED" | "NO_SHOW",
  what: "no_show_refunded" | "held_refunded",
): LedgerPosting {
  const earned = lessonEarnedPosting({ ...input, outcome });
  return {
    ...earned,
    key: `lesson:${input.bookingId}:${what}`,
    event: `lesson.${what}`,
    lines: earned.lines.map((line) => ({ ...line, amountCents: -line.amountCents })),
  };
}

/** The events that post (or take back) an instructor's earning: the revenue page counts them together. */
export const EARNING_EVENTS = [
  "lesson.completed",
  "lesson.no_show",
  "lesson.kept",
  "lesson.no_show_refunded",
  "lesson.held_refunded",
  /** A pack paid with the pass promise's credit was taught: Kerb pays the instructor's share itself. */
  "lesson.promotion",
] as const satisfies readonly LedgerEvent[];

/**
 * A payout is made up: the payable of its lessons becomes a payout due to the instructor. No cash
 * moves until the transfer goes through (`payoutPaidPosting`); a failed transfer stays due. For a
 * GST-registered instructor the payout also carries the GST on its RCTI, which Kerb claims as a credit:
 * `amountCents` is what is paid (share + GST), `gstCents` the GST in it.
 */
export function payoutPosting(input: {
  payoutId: string;
  instructorId: string;
  amountCents: number;
  gstCents?: number;
}): LedgerPosting {
  const gst = input.gstCents ?? 0;
  return posting({ key: `payout:${input.payoutId}`, event: "payout", payoutId: input.payoutId }, [
    { account: "INSTRUCTOR_PAYABLE", amountCents: input.amountCents - gst, instructorId: input.instructorId },
    { account: "GST_CREDITS", amountCents: gst },
    { account: "PAYOUTS_DUE", amountCents: -input.amountCents },
  ]);
}

/** A payout's transfer went through (or demo mode recorded it paid): the money leaves cash. */
export function payoutPaidPosting(input: { payoutId: string; amountCents: number }): LedgerPosting {
  return posting({ key: `payout:${input.payoutId}:paid`, event: "payout.paid", payoutId: input.payoutId }, [
    { account: "PAYOUTS_DUE", amountCents: input.amountCents },
    { account: "STUDENT_CASH", amountCents: -input.amountCents },
  ]);
}

export type LedgerBalances = Record<LedgerAccount, number>;

export function emptyBalances(): LedgerBalances {
  return {
    STUDENT_CASH: 0,
    GST_PAYABLE: 0,
    UNEARNED_REVENUE: 0,
    PLATFORM_REVENUE: 0,
    INSTRUCTOR_PAYABLE: 0,
    REFUNDS: 0,
    PAYOUTS_DUE: 0,
    GST_CREDITS: 0,
    PROMOTION_COSTS: 0,
  };
}

/** What one payment's operational records (payments, card refunds, bookings) say happened to its money. */
export interface PaymentFacts {
  /** What the card was charged, GST included, and the GST in it. */
  chargedCents: number;
  gstCents: number;
  /** Each card refund queued on it: the amount (GST included) and the GST in it, as the refund stored them. */
  refunds: readonly { amountCents: number; gstCents: number }[];
  /** What the payment row says it has given back (kept by the database from its refunds). */
  recordedRefundedCents: number;
  /** The value (ex GST) of each of its lessons that was earned: taught, no-show, or kept. */
  earnedValuesCents: readonly number[];
  /** Value (ex GST) not delivered yet: scheduled lessons, unused or scheduled bundle credits. */
  undeliveredCents: number;
}

/**
 * The per-account balances a payment's journals must add up to, from its operational records:
 * amount = GST (net of refunded GST) + platform share + instructor share + refunds + still unearned.
 * `unearned` is the residual; `undeliveredCents` is checked against it separately (see `paymentLedgerProblems`).
 */
export function expectedPaymentBalances(facts: PaymentFacts): LedgerBalances {
  let refunds = 0;
  let refundedGst = 0;
  for (const r of facts.refunds) {
    refunds += r.amountCents;
    refundedGst += r.gstCents;
  }
  let platform = 0;
  let instructor = 0;
  for (const v of facts.earnedValuesCents) {
    platform += platformFeeCents(v);
    instructor += instructorEarningsCents(v);
  }
  const gstNet = facts.gstCents - refundedGst;
  return {
    STUDENT_CASH: facts.chargedCents,
    GST_PAYABLE: -gstNet,
    REFUNDS: -refunds,
    PLATFORM_REVENUE: -platform,
    INSTRUCTOR_PAYABLE: -instructor,
    UNEARNED_REVENUE: -(facts.chargedCents - gstNet - refunds - platform - instructor),
    // Payouts (and the GST credits on their RCTIs) are posted per instructor, never against a payment;
    // a promotion's cost belongs to no payment.
    PAYOUTS_DUE: 0,
    GST_CREDITS: 0,
    PROMOTION_COSTS: 0,
  };
}

/**
 * Why a payment's ledger disagrees with its records, in dollars as the operator reads them; empty when it
 * reconciles to the cent.
 */
export function paymentLedgerProblems(facts: PaymentFacts, ledger: LedgerBalances): string[] {
  const expected = expectedPaymentBalances(facts);
  const problems: string[] = [];
  for (const account of LEDGER_ACCOUNT_NAMES) {
    if (expected[account] !== ledger[account]) {
      problems.push(
        `${account}: ledger ${formatAud(ledger[account])}, records ${formatAud(expected[account])}`,
      );
    }
  }
  if (-expected.UNEARNED_REVENUE !== facts.undeliveredCents) {
    problems.push(
      `undelivered lessons are worth ${formatAud(facts.undeliveredCents)} but ${formatAud(-expected.UNEARNED_REVENUE)} is unearned`,
    );
  }
  const sum = LEDGER_ACCOUNT_NAMES.reduce((s, a) => s + ledger[a], 0);
  if (sum !== 0) problems.push(`its journals sum to ${formatAud(sum)}`);
  problems.push(...refundProblems(facts));
  return problems;
}

/**
 * Whether a payment's refunds net correctly, whatever its journals say: never more money or GST back
 * than was charged, nothing back means the payment row says so too, and money all back means GST all back.
 */
export function refundProblems(facts: PaymentFacts): string[] {
  const problems: string[] = [];
  const refunded = facts.refunds.reduce((s, r) => s + r.amountCents, 0);
  const refundedGst = facts.refunds.reduce((s, r) => s + r.gstCents, 0);
  if (refunded > facts.chargedCents)
    problems.push(`refunds of ${formatAud(refunded)} exceed the charge of ${formatAud(facts.chargedCents)}`);
  if (refundedGst > facts.gstCents)
    problems.push(
      `refunded GST of ${formatAud(refundedGst)} exceeds the GST of ${formatAud(facts.gstCents)}`,
    );
  if (refunded === facts.chargedCents && refundedGst !== facts.gstCents) {
    problems.push(
      `refunded in full but ${formatAud(facts.gstCents - refundedGst)} of GST was not given back`,
    );
  }
  if (refunded !== facts.recordedRefundedCents) {
    problems.push(
      `its refunds add up to ${formatAud(refunded)} but the payment records ${formatAud(facts.recordedRefundedCents)}`,
    );
  }
  return problems;
}

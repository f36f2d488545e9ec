/**
 * Instructor payouts: which week a run pays, what is payable and how a payout adds up. Pure rules; the
 * API's payout run (modules/payouts) applies them in the database.
 */
import { instructorEarningsCents, platformFeeCents } from "./pricing.ts";
import { addDaysToDate, sydneyDateOf, sydneyMidnight, sydneyWeekday } from "./sydney-time.ts";

export interface PayoutPeriod {
  /** Monday, Sydney calendar date (YYYY-MM-DD). */
  start: string;
  /** Sunday, Sydney calendar date (YYYY-MM-DD). */
  end: string;
  /** The instant the period ends: Sydney midnight at the start of the Monday after `end`. */
  endsAt: Date;
}

/**
 * The Sydney week (Monday–Sunday) that ended most recently before `now`. On a Sunday the current week
 * has not ended yet, so the run pays the week before. Runs in the same week always get the same period,
 * which is what makes a second run of the week a no-op.
 */
export function payoutPeriodFor(now: Date): PayoutPeriod {
  const today = sydneyDateOf(now);
  const weekday = sydneyWeekday(today);
  const end = addDaysToDate(today, weekday === 0 ? -7 : -weekday);
  return { start: addDaysToDate(end, -6), end, endsAt: sydneyMidnight(addDaysToDate(end, 1)) };
}

export interface PayableLesson {
  status: string;
  /** How it was paid for: a lesson with neither (seeded history, say) had no money behind it. */
  paymentId?: string | null;
  bundleId?: string | null;
  endTime: Date;
  priceCents: number;
  /**
   * On a CANCELLED lesson: the value (ex GST) the platform kept; the instructor earns 75% of it. On a
   * NO_SHOW: null until its dispute is settled (the price is kept), then the price or 0 (refunded;
   * rules/no-show-disputes.ts).
   */
  keptCents: number | null;
}

/**
 * The lesson value (ex GST) a payout line is worth before the fee: the price of a COMPLETED lesson, the
 * kept value of a NO_SHOW (its price unless a dispute refunded it) or a CANCELLED one, otherwise 0
 * (nothing to pay). A lesson counts as a lesson paid for exactly when this is above 0: the earnings
 * page (its lessons and money), the payout note, the payout run and statements and the admin revenue all
 * count with this rule (its SQL twins: db/sql-rules.ts `earningLessonSql` and `earningCentsSql`).
 */
export function payableGrossCents(
  lesson: Pick<PayableLesson, "status" | "priceCents" | "keptCents" | "paymentId" | "bundleId">,
): number {
  // Only money that was collected is shared: a lesson paid by neither card nor credit earns nothing.
  if (lesson.paymentId === null && lesson.bundleId === null) return 0;
  if (lesson.status === "COMPLETED") return lesson.priceCents;
  if (lesson.status === "NO_SHOW") return lesson.keptCents ?? lesson.priceCents;
  if (lesson.status === "CANCELLED") return lesson.keptCents ?? 0;
  return 0;
}

/**
 * Payable in the period: a lesson that earns something and ended inside or before the period (a lesson
 * marked late is paid by the next run). Whether it was already paid out is the database's question
 * (payout_items.booking_id is unique).
 */
export function isPayableInPeriod(lesson: PayableLesson, period: Pick<PayoutPeriod, "endsAt">): boolean {
  return payableGrossCents(lesson) > 0 && lesson.endTime.getTime() <= period.endsAt.getTime();
}

export interface PayoutLineCents {
  grossCents: number;
  feeCents: number;
  amountCents: number;
}

/** One line: the 25% platform fee and the instructor's 75%, rounded per lesson like the earnings page. */
export function payoutLine(grossCents: number): PayoutLineCents {
  return {
    grossCents,
    feeCents: platformFeeCents(grossCents),
    amountCents: instructorEarningsCents(grossCents),
  };
}

export interface PayoutTotalsCents extends PayoutLineCents {
  lessons: number;
}

/** Sums of the lines: gross = fee + amount to the cent, because every line does. */
export function payoutTotals(grossPerLine: number[]): PayoutTotalsCents {
  const totals = { lessons: 0, grossCents: 0, feeCents: 0, amountCents: 0 };
  for (const gross of grossPerLine) {
    if (!Number.isSafeInteger(gross) || gross < 0) throw new RangeError(`Not a payable amount: ${gross}`);
    const line = payoutLine(gross);
    totals.lessons += 1;
    totals.grossCents += line.grossCents;
    totals.feeCents += line.feeCents;
    totals.amountCents += line.amountCents;
  }
  return totals;
}

/** "PO-20261108-1a2b3c4d": the statement number, from the period's last day and the payout id. */
export function payoutStatementNumber(payout: { id: string; periodEnd: string }): string {
  return `PO-${payout.periodEnd.replaceAll("-", "")}-${payout.id.replaceAll("-", "").slice(0, 8).toUpperCase()}`;
}

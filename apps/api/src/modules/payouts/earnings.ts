/**
 * Lesson money per Sydney month, from rows grouped by (month, price). The fee and the instructor's
 * share are computed per lesson with the shared pricing rules (so rounding matches a per-lesson
 * statement) and multiplied by the count: gross = fee + net to the cent, in every month and in total.
 * `lessons` counts every lesson that earned (taught, a no-show, or a late cancellation with value kept):
 * the lessons the instructor is paid for, counted as payouts and their statements count them. A
 * driving-test package (issue 33) earns by the same rules but counts in `testPacks`, not in `lessons`.
 */
import { type InstructorTaxStatus, instructorPayLine } from "@kerb/shared/rules";

interface MonthPriceGroup {
  month: string;
  /** A taught lesson's price, or the value (ex GST) the platform kept on a no-show or a cancelled one. */
  priceCents: number;
  /** Lessons that earned this value. */
  lessons: number;
  /**
   * The GST its payout paid on each of these lessons, once paid out: an RCTI already issued keeps its
   * GST, whatever the instructor's registration is now. Null (or absent) for lessons not paid out yet.
   */
  paidGstCents?: number | null;
  /** These are driving-test packages, not lessons. */
  isTestPack?: boolean;
}

export interface EarningsCents {
  lessons: number;
  testPacks: number;
  grossCents: number;
  platformFeeCents: number;
  netCents: number;
  /** GST on net for a GST-registered instructor, per lesson as payouts work it out (0 otherwise). */
  gstCents: number;
}

const zero = (): EarningsCents => ({
  lessons: 0,
  testPacks: 0,
  grossCents: 0,
  platformFeeCents: 0,
  netCents: 0,
  gstCents: 0,
});

const UNREGISTERED: InstructorTaxStatus = { abn: null, gstRegistered: false };

/** One earning's money as the months add it up: fee and share per lesson, GST as paid or as it would be. */
export function earningLine(
  line: Pick<MonthPriceGroup, "priceCents" | "paidGstCents">,
  status: InstructorTaxStatus,
): Omit<EarningsCents, "lessons" | "testPacks"> {
  const pay = instructorPayLine(line.priceCents, status);
  return {
    grossCents: pay.grossCents,
    platformFeeCents: pay.feeCents,
    netCents: pay.shareCents,
    gstCents: line.paidGstCents ?? pay.gstCents,
  };
}

export function summarizeEarnings(
  groups: MonthPriceGroup[],
  status: InstructorTaxStatus = UNREGISTERED,
): {
  months: Array<EarningsCents & { month: string }>;
  totals: EarningsCents;
} {
  const byMonth = new Map<string, EarningsCents>();
  const totals = zero();
  for (const group of groups) {
    const month = byMonth.get(group.month) ?? zero();
    byMonth.set(group.month, month);
    const n = Number(group.lessons);
    const line = earningLine(group, status);
    for (const sum of [month, totals]) {
      if (group.isTestPack) sum.testPacks += n;
      else sum.lessons += n;
      sum.grossCents += line.grossCents * n;
      sum.platformFeeCents += line.platformFeeCents * n;
      sum.netCents += line.netCents * n;
      sum.gstCents += line.gstCents * n;
    }
  }
  const months = [...byMonth.entries()]
    .map(([month, sums]) => ({ month, ...sums }))
    .sort((a, b) => (a.month < b.month ? 1 : a.month > b.month ? -1 : 0));
  return { months, totals };
}

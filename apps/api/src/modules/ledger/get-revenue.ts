import type { AdminRevenue } from "@kerb/shared";
import { centsToDollars } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { groupBy } from "../../lib/group-by.ts";
import * as repo from "./ledger.repository.ts";
import { type Moved, movedFigures } from "./moved-figures.ts";

/** The revenue page's figures (dollars) of one period's movements. */
function revenueFigures(moved: Moved, lessonsCompleted: number): AdminRevenue["totals"] {
  const f = movedFigures(moved);
  return {
    lessonsCompleted,
    gross: centsToDollars(f.platformRevenueCents + f.instructorEarningsCents),
    platformFees: centsToDollars(f.platformRevenueCents),
    instructorEarnings: centsToDollars(f.instructorEarningsCents),
    paidOut: centsToDollars(f.paidOutCents),
    gstCollected: centsToDollars(f.gstCents),
    gstOnPayments: centsToDollars(f.gstOnPaymentsCents),
    gstRefunded: centsToDollars(f.gstRefundedCents),
    refunds: centsToDollars(f.refundsCents),
  };
}

/**
 * GET /admin/revenue: revenue per Sydney month, newest first, and in total: read from the ledger, so it is the
 * reconciliation's money month by month (one money truth). Lesson value counts in the month of the
 * lesson's start, money in the month it moved.
 */
export async function getRevenue(ctx: AppContext): Promise<AdminRevenue> {
  const rows = await repo.sumsByMonthEventAndAccount(ctx.db);
  const completed = (of: typeof rows) =>
    of
      .filter((r) => r.event === "lesson.completed" && r.account === "PLATFORM_REVENUE")
      .reduce((s, r) => s + r.journals, 0);
  const byMonth = groupBy(rows, (r) => r.month);
  const months = [...byMonth.keys()].sort().reverse();
  return {
    months: months.map((month) => {
      const moved = byMonth.get(month) ?? [];
      return { month, ...revenueFigures(moved, completed(moved)) };
    }),
    totals: revenueFigures(rows, completed(rows)),
  };
}

import type { Reconciliation } from "@kerb/shared";
import { type LedgerAccount, sydneyMidnight, sydneyTodayDate } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import * as repo from "./ledger.repository.ts";
import { movedFigures } from "./moved-figures.ts";

/** "2026-03" → "2026-04"; December rolls into January. */
function nextMonth(month: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
}

/**
 * GET /admin/reconciliation: one Sydney month (the current one by default), from the ledger's journals
 * dated in it.
 */
export async function getReconciliation(ctx: AppContext, month?: string): Promise<Reconciliation> {
  const m = month ?? sydneyTodayDate(ctx.now()).slice(0, 7);
  const range = { from: sydneyMidnight(`${m}-01`), to: sydneyMidnight(`${nextMonth(m)}-01`) };
  const [moved, closing] = await Promise.all([
    repo.sumsByEventAndAccount(ctx.db, range),
    repo.balancesAt(ctx.db, range.to),
  ]);
  const { gstOnPaymentsCents: _, gstRefundedCents: __, ...money } = movedFigures(moved);
  const close = (account: LedgerAccount) => closing.find((r) => r.account === account)?.cents ?? 0;
  // Credits are negative in the ledger; the figures are shown as positive amounts.
  return {
    month: m,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    ...money,
    owedCents: -close("INSTRUCTOR_PAYABLE") - close("PAYOUTS_DUE"),
    payoutsDueCents: -close("PAYOUTS_DUE"),
    unearnedCents: -close("UNEARNED_REVENUE"),
  };
}

/**
 * The operator's BAS figures, read from the same ledger query as the monthly reconciliation (journals by
 * the instant they occurred), so over whole months they are the reconciliation's money to the cent; the
 * exports (export-records-csv.ts) list the records behind those journals.
 */
import { addDaysToDate, sydneyMidnight } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { sumsByEventAndAccount } from "./ledger.repository.ts";

type Moved = Awaited<ReturnType<typeof sumsByEventAndAccount>>;

/** Sydney days `from`..`to` inclusive as the instants [from, to). */
export function instants(from: string, to: string) {
  return { from: sydneyMidnight(from), to: sydneyMidnight(addDaysToDate(to, 1)) };
}

/**
 * The BAS labels in cents from the ledger's movements. Credits are negative in the ledger: sales are the
 * cash taken on payment.captured less REFUNDS, exactly the reconciliation's collected − refunds; 1A is
 * GST_PAYABLE net of refunded GST (its gstCents); 1B is what payouts debited to GST_CREDITS.
 */
function gstFigures(moved: Moved) {
  const sum = (account: string, event?: string) =>
    moved
      .filter((r) => r.account === account && (!event || r.event === event))
      .reduce((s, r) => s + r.cents, 0);
  const salesCents = sum("STUDENT_CASH", "payment.captured") + sum("REFUNDS");
  const gstOnSalesCents = 0 - sum("GST_PAYABLE");
  const gstCreditsCents = sum("GST_CREDITS");
  return { salesCents, gstOnSalesCents, gstCreditsCents, netGstCents: gstOnSalesCents - gstCreditsCents };
}

/** The BAS labels in cents of Sydney days `from`..`to` inclusive. */
export async function figuresOf(ctx: AppContext, from: string, to: string) {
  return gstFigures(await sumsByEventAndAccount(ctx.db, instants(from, to)));
}

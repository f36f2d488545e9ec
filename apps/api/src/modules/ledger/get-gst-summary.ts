import type { GstSummary } from "@kerb/shared";
import { centsToDollars } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { figuresOf } from "./gst-figures.ts";

/**
 * GET /admin/gst-summary: the BAS figures (G1, 1A, 1B, net GST) of Sydney days `from`..`to`, read from
 * the ledger like the reconciliation, so whole months agree with it to the cent.
 */
export async function getGstSummary(ctx: AppContext, from: string, to: string): Promise<GstSummary> {
  const f = await figuresOf(ctx, from, to);
  return {
    from,
    to,
    g1Sales: centsToDollars(f.salesCents),
    gstOnSales: centsToDollars(f.gstOnSalesCents),
    gstCredits: centsToDollars(f.gstCreditsCents),
    netGst: centsToDollars(f.netGstCents),
  };
}

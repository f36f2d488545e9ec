import type { AppContext } from "../../context.ts";
import { toCsv } from "../../lib/csv.ts";
import { getGstSummary } from "./get-gst-summary.ts";

const GST_SUMMARY_CSV_HEADER = [
  "From",
  "To",
  "G1 Total sales (incl. GST)",
  "1A GST on sales",
  "1B GST credits (RCTIs)",
  "Net GST (1A - 1B)",
] as const;

/** GET /admin/gst-summary.csv: the GST summary as a one-row CSV. */
export async function exportGstSummaryCsv(ctx: AppContext, from: string, to: string) {
  const s = await getGstSummary(ctx, from, to);
  const csv = toCsv([
    [...GST_SUMMARY_CSV_HEADER],
    [s.from, s.to, s.g1Sales, s.gstOnSales, s.gstCredits, s.netGst],
  ]);
  return { filename: `kerb-gst-summary-${from}-to-${to}.csv`, csv };
}

import { formatIsoDate, formatSydneyDate } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { kerbSupplier } from "../../lib/supplier.ts";
import { figuresOf } from "./gst-figures.ts";
import type { GstSummaryDocument } from "./gst-summary-pdf.ts";

/**
 * GET /admin/gst-summary.pdf: the same figures as getGstSummary, to the cent, on one page with Kerb's
 * name and ABN.
 */
export async function exportGstSummaryPdf(ctx: AppContext, from: string, to: string) {
  const { supplier, isDemoSupplier } = kerbSupplier(ctx.env);
  const summary: GstSummaryDocument = {
    business: supplier,
    isDemoBusiness: isDemoSupplier,
    from: formatIsoDate(from),
    to: formatIsoDate(to),
    preparedOn: formatSydneyDate(ctx.now()),
    ...(await figuresOf(ctx, from, to)),
  };
  const pdf = await ctx.pdf.render("gstSummary", summary);
  return { filename: `kerb-gst-summary-${from}-to-${to}.pdf`, pdf };
}

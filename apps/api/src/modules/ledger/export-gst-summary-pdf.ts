import { formatIsoDate, formatSydneyDate, isClosedQuarter } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { kerbSupplier } from "../../lib/supplier.ts";
import {
  cachedDocument,
  issuedDocument,
  type StoredDocument,
} from "../../platform/documents/issued-documents.ts";
import { figuresOf } from "./gst-figures.ts";
import type { GstSummaryDocument } from "./gst-summary-pdf.ts";

/**
 * Where a period that is not a closed quarter (the current quarter, a month, a year) is kept: one
 * rendering, replaced whenever the period asked for or its figures change.
 */
const OPEN_PERIOD = "open-period";

/**
 * GET /admin/gst-summary.pdf: the same figures as getGstSummary, to the cent, on one page with Kerb's
 * name and ABN. A calendar quarter that has ended in Sydney is the period a BAS is lodged for: its summary
 * is issued once (the figures and date prepared of its first download, ever after, whatever is recorded
 * later or however the template changes). Any other period is kept until its figures change.
 */
export async function exportGstSummaryPdf(ctx: AppContext, from: string, to: string) {
  const now = ctx.now();
  const summaryOf = async (): Promise<GstSummaryDocument> => {
    const { supplier, isDemoSupplier } = kerbSupplier(ctx.env);
    return {
      business: supplier,
      isDemoBusiness: isDemoSupplier,
      from: formatIsoDate(from),
      to: formatIsoDate(to),
      preparedOn: formatSydneyDate(now),
      ...(await figuresOf(ctx, from, to)),
    };
  };
  let document: StoredDocument;
  if (isClosedQuarter(from, to, now)) {
    document = await issuedDocument(ctx, {
      kind: "gstSummary",
      subjectId: `${from}..${to}`,
      issuedFor: "closed quarter",
      render: async () => ctx.pdf.render("gstSummary", await summaryOf()),
      now,
    });
  } else {
    const summary = await summaryOf();
    document = await cachedDocument(ctx, {
      kind: "gstSummary",
      subjectId: OPEN_PERIOD,
      data: summary,
      render: () => ctx.pdf.render("gstSummary", summary),
      now,
    });
  }
  return {
    filename: `kerb-gst-summary-${from}-to-${to}.pdf`,
    pdf: document.bytes,
    contentHash: document.contentHash,
  };
}

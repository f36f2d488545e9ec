/**
 * The GST summary (BAS) as a one-page PDF for the operator's accountant: Kerb as the business, the period,
 * the BAS labels G1, 1A and 1B and the net. Layout only, with the shared pdfkit helpers of lib/pdf; the
 * figures come from the BAS service (the JSON summary's, in cents).
 */
import { formatAud } from "@kerb/shared/rules";
import { SANS } from "../../lib/pdf/fonts.ts";
import {
  type Column,
  documentHeader,
  heading,
  headingRow,
  hr,
  labelledValue,
  row,
} from "../../lib/pdf/layout.ts";
import { CONTENT_WIDTH, footers, MUTED, PAGE, startPdf } from "../../lib/pdf/page.ts";

export interface GstSummaryDocument {
  business: { name: string; abn: string };
  /** True while the ABN is the built-in demonstration number. */
  isDemoBusiness: boolean;
  /** DD/MM/YYYY, both included. */
  from: string;
  to: string;
  /** DD/MM/YYYY, Sydney. */
  preparedOn: string;
  salesCents: number;
  gstOnSalesCents: number;
  gstCreditsCents: number;
  netGstCents: number;
}

const COLUMNS: Column[] = [
  { width: 60, align: "left" },
  { width: CONTENT_WIDTH - 60 - 120, align: "left" },
  { width: 120, align: "right" },
];

export function renderGstSummaryPdf(summary: GstSummaryDocument): Promise<Buffer> {
  const period = `${summary.from} to ${summary.to}`;
  const { doc, done } = startPdf({
    Title: `GST summary ${period}`,
    Author: summary.business.name,
    Subject: `GST summary (BAS) of ${summary.business.name} for ${period}`,
  });

  documentHeader(doc, {
    title: "GST summary (BAS)",
    issuer: summary.business,
    isDemoAbn: summary.isDemoBusiness,
  });
  const metaTop = doc.y;
  labelledValue(doc, "Period", period, PAGE.margin);
  const leftBottom = doc.y;
  doc.y = metaTop;
  labelledValue(doc, "Prepared on", summary.preparedOn, PAGE.margin + CONTENT_WIDTH / 2);
  doc.y = Math.max(leftBottom, doc.y);

  heading(doc, "BAS labels");
  headingRow(doc, COLUMNS, ["Label", "Description", "Amount"]);
  const figures = [
    { label: "G1", text: "Total sales (incl. GST)", cents: summary.salesCents },
    { label: "1A", text: "GST on sales", cents: summary.gstOnSalesCents },
    { label: "1B", text: "GST credits (RCTIs)", cents: summary.gstCreditsCents },
  ];
  for (const f of figures) {
    row(doc, COLUMNS, [{ text: f.label, bold: true }, { text: f.text }, { text: formatAud(f.cents) }]);
  }
  hr(doc);
  row(doc, COLUMNS, [
    { text: "" },
    { text: "Net GST (1A − 1B)", bold: true },
    { text: formatAud(summary.netGstCents), bold: true },
  ]);

  doc
    .moveDown(0.6)
    .font(SANS)
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      "From Kerb's ledger, for Sydney dates in the period, both included. G1 is what cards were charged " +
        "less what was refunded, GST included; 1A is the GST in it, net of GST refunded; 1B is the GST on " +
        "the recipient-created tax invoices Kerb issued to GST-registered instructors. A negative net GST " +
        "is a refund due to Kerb. Over whole months these are the monthly reconciliation's figures. " +
        "Amounts are in Australian dollars.",
      PAGE.margin,
      doc.y,
      { width: CONTENT_WIDTH },
    );

  footers(doc, `GST summary ${period}`);
  doc.end();
  return done;
}

/**
 * The layout of a PDF tax invoice: this file only places what the receipts service assembled
 * (`TaxInvoice`) on A4 pages with pdfkit and the shared PDF helpers (lib/pdf). It reads no database and
 * decides no amounts.
 */
import { formatAud } from "@kerb/shared/rules";
import { GST_PERCENT } from "@kerb/shared/words";
import { SANS } from "../../lib/pdf/fonts.ts";
import {
  type Column,
  documentHeader,
  heading,
  headingRow,
  hr,
  labelledValue,
  row,
  totals,
} from "../../lib/pdf/layout.ts";
import { CONTENT_WIDTH, type Doc, footers, INK, MUTED, PAGE, startPdf } from "../../lib/pdf/page.ts";
import { printText } from "../../lib/pdf/text.ts";

interface TaxInvoiceLine {
  description: string;
  /** A second, smaller line under the description (instructor, pool or standard, validity). */
  detail: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

export interface TaxInvoiceCreditNote {
  number: string;
  /** DD/MM/YYYY */
  issuedOn: string;
  description: string;
  status: string;
  /** GST included. */
  amountCents: number;
  gstCents: number;
}

export interface TaxInvoice {
  supplier: { name: string; abn: string };
  /** True while the ABN is the built-in demonstration number: the invoice then says so plainly. */
  isDemoSupplier: boolean;
  invoiceNumber: string;
  /** DD/MM/YYYY, Sydney. */
  issuedOn: string;
  buyer: { name: string; email: string; phone: string | null };
  /** The learner it was for, when someone else (a guardian) paid: named under the buyer. */
  forLearner?: string | undefined;
  lines: TaxInvoiceLine[];
  subtotalCents: number;
  gstCents: number;
  totalCents: number;
  creditNotes: TaxInvoiceCreditNote[];
  refundedCents: number;
  /** One sentence on how it was paid, e.g. "Paid by card on 03/11/2026." */
  paymentNote: string;
  /** The terms the buyer agreed to, under headings (a bundle adds what happens to its credits). */
  terms: { title: string; lines: readonly string[] }[];
}

const LINE_COLUMNS: Column[] = [
  { width: CONTENT_WIDTH - 230, align: "left" },
  { width: 40, align: "right" },
  { width: 95, align: "right" },
  { width: 95, align: "right" },
];

// The adjustment note number (an invoice number plus "-CN1", as first issued) must fit on one line: it
// is what people quote.
const CREDIT_COLUMNS: Column[] = [
  { width: 136, align: "left" },
  { width: 62, align: "left" },
  { width: CONTENT_WIDTH - 136 - 62 - 62 - 50 - 75, align: "left" },
  { width: 62, align: "left" },
  { width: 50, align: "right" },
  { width: 75, align: "right" },
];

const lineHeader = (doc: Doc) =>
  headingRow(doc, LINE_COLUMNS, ["Description", "Qty", "Unit price (ex GST)", "Amount (ex GST)"]);

const creditHeader = (doc: Doc) =>
  headingRow(doc, CREDIT_COLUMNS, ["Adjustment note", "Date", "For", "Status", "GST", "Amount (incl. GST)"]);

/** Renders the invoice and resolves with the whole PDF file. */
export function renderTaxInvoicePdf(invoice: TaxInvoice): Promise<Buffer> {
  const { doc, done } = startPdf({
    Title: `Tax invoice ${invoice.invoiceNumber}`,
    Author: invoice.supplier.name,
    Subject: `Tax invoice ${invoice.invoiceNumber} for ${invoice.buyer.name}`,
  });

  documentHeader(doc, {
    title: "Tax invoice",
    titleSize: 24,
    issuer: invoice.supplier,
    isDemoAbn: invoice.isDemoSupplier,
  });

  const metaTop = doc.y;
  const half = CONTENT_WIDTH / 2;
  labelledValue(doc, "Invoice number", invoice.invoiceNumber, PAGE.margin);
  labelledValue(doc, "Date of issue", invoice.issuedOn, PAGE.margin);
  const leftBottom = doc.y;
  doc.y = metaTop;
  const right = PAGE.margin + half;
  doc.font(SANS).fontSize(8.5).fillColor(MUTED).text("BILLED TO", right, doc.y, { width: half });
  printText(doc.fontSize(10.5).fillColor(INK), invoice.buyer.name, right, doc.y, { bold: true });
  printText(doc.fontSize(10), invoice.buyer.email, right, doc.y, { width: half });
  if (invoice.buyer.phone) printText(doc, invoice.buyer.phone, right, doc.y, { width: half });
  if (invoice.forLearner) {
    doc.moveDown(0.4);
    doc.font(SANS).fontSize(8.5).fillColor(MUTED).text("FOR LEARNER", right, doc.y, { width: half });
    printText(doc.fontSize(10.5).fillColor(INK), invoice.forLearner, right, doc.y, { bold: true });
  }
  doc.x = PAGE.margin;
  doc.y = Math.max(leftBottom, doc.y) + 10;

  heading(doc, "Items");
  lineHeader(doc);
  for (const line of invoice.lines) {
    row(
      doc,
      LINE_COLUMNS,
      [
        { text: line.description, detail: line.detail },
        { text: String(line.quantity) },
        { text: formatAud(line.unitCents) },
        { text: formatAud(line.amountCents) },
      ],
      { onNewPage: () => lineHeader(doc) },
    );
  }
  hr(doc);
  totals(doc, [
    { label: "Subtotal (ex GST)", cents: invoice.subtotalCents },
    { label: `GST (${GST_PERCENT})`, cents: invoice.gstCents },
    { label: "Total (incl. GST)", cents: invoice.totalCents, strong: true },
  ]);
  doc
    .moveDown(0.6)
    .font(SANS)
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      "Every item is a taxable supply. Prices are shown excluding GST; GST is charged once on the subtotal. " +
        `Amounts are in Australian dollars. ${invoice.paymentNote}`,
      PAGE.margin,
      doc.y,
      { width: CONTENT_WIDTH },
    );

  if (invoice.creditNotes.length > 0) {
    // The GST Act's name for the document that corrects a tax invoice after a refund (s 29-75).
    heading(doc, "Adjustment notes (refunds)");
    creditHeader(doc);
    for (const note of invoice.creditNotes) {
      row(
        doc,
        CREDIT_COLUMNS,
        [
          { text: note.number },
          { text: note.issuedOn },
          { text: note.description },
          { text: note.status },
          { text: formatAud(note.gstCents) },
          { text: formatAud(note.amountCents) },
        ],
        { size: 9, onNewPage: () => creditHeader(doc) },
      );
    }
    hr(doc);
    const refundGst = invoice.creditNotes.reduce((sum, note) => sum + note.gstCents, 0);
    totals(doc, [
      { label: "Total paid (incl. GST)", cents: invoice.totalCents },
      { label: "Less refunds (incl. GST)", cents: -invoice.refundedCents },
      {
        label: "Net amount paid (incl. GST)",
        cents: invoice.totalCents - invoice.refundedCents,
        strong: true,
      },
      { label: "GST in the net amount", cents: invoice.gstCents - refundGst },
    ]);
  }

  for (const section of invoice.terms) {
    heading(doc, section.title);
    for (const line of section.lines) {
      printText(doc.fontSize(9).fillColor(MUTED), `• ${line}`, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    }
  }

  footers(doc, `Tax invoice ${invoice.invoiceNumber}`);
  doc.end();
  return done;
}

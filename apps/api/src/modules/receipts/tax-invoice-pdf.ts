/**
 * The layout of a PDF tax invoice: this file only places what the receipts service assembled
 * (`TaxInvoice`) on A4 pages with pdfkit. It reads no database and decides no amounts.
 */
import { formatAud } from "@kerb/shared/rules";
import { GST_PERCENT } from "@kerb/shared/words";
import PDFDocument from "pdfkit";

export interface TaxInvoiceLine {
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

// The page geometry, colours and table helpers below are shared with the payout statement (payouts/statement-pdf.ts).
export const PAGE = { width: 595.28, height: 841.89, margin: 50 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 20;
export const INK = "#0f172a";
export const MUTED = "#475569";
export const BRAND = "#14532d";
const RULE = "#cbd5e1";

// The standard PDF fonts only know Windows-1252: letters outside it are folded to their base letter
// (Nguyễn → Nguyen) rather than printed as garbage; anything else becomes "?".
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const FOLDS: Record<string, string> = { đ: "d", Đ: "D", ł: "l", Ł: "L", ı: "i", ħ: "h", Ħ: "H" };
const isWinAnsi = (ch: string) => {
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
};

export function toWinAnsi(text: string): string {
  let out = "";
  for (const ch of text) {
    if (isWinAnsi(ch)) out += ch;
    else if (FOLDS[ch]) out += FOLDS[ch];
    else if (/\s/.test(ch)) out += " ";
    else {
      const base = [...ch.normalize("NFD")].filter((c) => isWinAnsi(c)).join("");
      out += base || "?";
    }
  }
  return out;
}

export type Doc = PDFKit.PDFDocument;
type Align = "left" | "right";
export interface Column {
  width: number;
  align: Align;
}

// Left-aligned text keeps clear of the next column; right-aligned text ends at the column's edge.
const GUTTER = 8;
const textWidth = (column: Column | undefined) =>
  column ? column.width - (column.align === "left" ? GUTTER : 0) : 0;

/** Draws one row of cells at the current y and moves below it; a new page first if it would not fit. */
export function row(
  doc: Doc,
  columns: Column[],
  cells: { text: string; detail?: string; bold?: boolean }[],
  options: { onNewPage?: () => void; size?: number } = {},
) {
  const size = options.size ?? 9.5;
  const heights = cells.map((cell, i) => {
    const width = textWidth(columns[i]);
    doc.font(cell.bold ? "Helvetica-Bold" : "Helvetica").fontSize(size);
    let h = doc.heightOfString(toWinAnsi(cell.text), { width });
    if (cell.detail) h += doc.fontSize(size - 1.5).heightOfString(toWinAnsi(cell.detail), { width }) + 1;
    return h;
  });
  const height = Math.max(...heights) + 8;
  if (doc.y + height > BOTTOM) {
    doc.addPage();
    options.onNewPage?.();
  }
  const top = doc.y;
  let x = PAGE.margin;
  cells.forEach((cell, i) => {
    const column = columns[i];
    if (!column) return;
    doc
      .font(cell.bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(size)
      .fillColor(INK)
      .text(toWinAnsi(cell.text), x, top + 4, { width: textWidth(column), align: column.align });
    if (cell.detail) {
      doc
        .font("Helvetica")
        .fontSize(size - 1.5)
        .fillColor(MUTED)
        .text(toWinAnsi(cell.detail), x, doc.y + 1, { width: textWidth(column), align: column.align });
    }
    x += column.width;
  });
  doc.x = PAGE.margin;
  doc.y = top + height;
}

/** A small grey label over its bold value, at `x`, half the page wide; moves down past both. */
export function labelledValue(doc: Doc, label: string, value: string, x: number) {
  const width = CONTENT_WIDTH / 2;
  doc.font("Helvetica").fontSize(8.5).fillColor(MUTED).text(label.toUpperCase(), x, doc.y, { width });
  doc.font("Helvetica-Bold").fontSize(10.5).fillColor(INK).text(toWinAnsi(value), x, doc.y, { width });
  doc.moveDown(0.5);
}

export function hr(doc: Doc, weight = 0.5, color = RULE) {
  doc
    .moveTo(PAGE.margin, doc.y)
    .lineTo(PAGE.width - PAGE.margin, doc.y)
    .lineWidth(weight)
    .strokeColor(color)
    .stroke();
}

export function heading(doc: Doc, text: string) {
  if (doc.y + 60 > BOTTOM) doc.addPage();
  doc.moveDown(1.2).font("Helvetica-Bold").fontSize(12).fillColor(BRAND).text(text, PAGE.margin);
  doc.moveDown(0.3);
}

/** Label / amount pairs right-aligned under a table. */
export function totals(doc: Doc, pairs: { label: string; cents: number; strong?: boolean }[]) {
  const columns: Column[] = [
    { width: CONTENT_WIDTH - 110, align: "right" },
    { width: 110, align: "right" },
  ];
  for (const pair of pairs) {
    row(doc, columns, [
      { text: pair.label, bold: pair.strong },
      { text: formatAud(pair.cents), bold: pair.strong },
    ]);
  }
}

const LINE_COLUMNS: Column[] = [
  { width: CONTENT_WIDTH - 230, align: "left" },
  { width: 40, align: "right" },
  { width: 95, align: "right" },
  { width: 95, align: "right" },
];

// The credit note number (an invoice number plus "-CN1") must fit on one line: it is what people quote.
const CREDIT_COLUMNS: Column[] = [
  { width: 136, align: "left" },
  { width: 62, align: "left" },
  { width: CONTENT_WIDTH - 136 - 62 - 62 - 50 - 75, align: "left" },
  { width: 62, align: "left" },
  { width: 50, align: "right" },
  { width: 75, align: "right" },
];

/** A table's column headings in bold, with a rule under them (repeated on every new page). */
export function headingRow(doc: Doc, columns: Column[], labels: string[]) {
  row(
    doc,
    columns,
    labels.map((text) => ({ text, bold: true })),
  );
  hr(doc);
}

const lineHeader = (doc: Doc) =>
  headingRow(doc, LINE_COLUMNS, ["Description", "Qty", "Unit price (ex GST)", "Amount (ex GST)"]);

const creditHeader = (doc: Doc) =>
  headingRow(doc, CREDIT_COLUMNS, ["Credit note", "Date", "For", "Status", "GST", "Amount (incl. GST)"]);

/** Every page names its document and where it stands, so a loose second page is still identifiable. */
export function footers(doc: Doc, documentName: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would otherwise start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${documentName} · Page ${i - start + 1} of ${count}`, PAGE.margin, PAGE.height - 36, {
        width: CONTENT_WIDTH,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/** A Kerb A4 document (tax invoice, payout statement) and its bytes once `doc.end()` is called. */
export function startPdf(info: { Title: string; Author: string; Subject: string }) {
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    bufferPages: true,
    lang: "en-AU",
    displayTitle: true,
    info,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

/** Renders the invoice and resolves with the whole PDF file. */
export function renderTaxInvoicePdf(invoice: TaxInvoice): Promise<Buffer> {
  const { doc, done } = startPdf({
    Title: `Tax invoice ${invoice.invoiceNumber}`,
    Author: toWinAnsi(invoice.supplier.name),
    Subject: `Tax invoice ${invoice.invoiceNumber} for ${toWinAnsi(invoice.buyer.name)}`,
  });

  // Header: the document's name first, as the ATO asks, then who issues it.
  const top = doc.y;
  doc.font("Helvetica-Bold").fontSize(24).fillColor(BRAND).text("Tax invoice", PAGE.margin, top);
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor(INK)
    .text(toWinAnsi(invoice.supplier.name), PAGE.margin, top, { width: CONTENT_WIDTH, align: "right" })
    .font("Helvetica")
    .fontSize(10)
    .text(`ABN ${toWinAnsi(invoice.supplier.abn)}`, { width: CONTENT_WIDTH, align: "right" });
  if (invoice.isDemoSupplier) {
    doc
      .fontSize(8.5)
      .fillColor("#b45309")
      .text("Demonstration ABN: not a registered business number", { width: CONTENT_WIDTH, align: "right" });
  }
  doc.x = PAGE.margin;
  doc.y = Math.max(doc.y, top + 34) + 16;
  hr(doc, 1, BRAND);
  doc.moveDown(0.8);

  const metaTop = doc.y;
  const half = CONTENT_WIDTH / 2;
  labelledValue(doc, "Invoice number", invoice.invoiceNumber, PAGE.margin);
  labelledValue(doc, "Date of issue", invoice.issuedOn, PAGE.margin);
  const leftBottom = doc.y;
  doc.y = metaTop;
  const right = PAGE.margin + half;
  doc.font("Helvetica").fontSize(8.5).fillColor(MUTED).text("BILLED TO", right, doc.y, { width: half });
  doc.font("Helvetica-Bold").fontSize(10.5).fillColor(INK).text(toWinAnsi(invoice.buyer.name), right, doc.y);
  doc.font("Helvetica").fontSize(10).text(toWinAnsi(invoice.buyer.email), right, doc.y, { width: half });
  if (invoice.buyer.phone) doc.text(toWinAnsi(invoice.buyer.phone), right, doc.y, { width: half });
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
    .font("Helvetica")
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
    heading(doc, "Credit notes (refunds)");
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
      doc
        .font("Helvetica")
        .fontSize(9)
        .fillColor(MUTED)
        .text(`• ${toWinAnsi(line)}`, PAGE.margin, doc.y, {
          width: CONTENT_WIDTH,
        });
    }
  }

  footers(doc, `Tax invoice ${invoice.invoiceNumber}`);
  doc.end();
  return done;
}

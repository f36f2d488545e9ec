/**
 * What Kerb's PDFs are built from: table rows that carry over to a new page, headings, rules, label
 * and value pairs, totals. pdfkit places text; these keep every document's tables alike.
 */
import { formatAbn, formatAud } from "@kerb/shared/rules";
import { SANS, SANS_BOLD } from "./fonts.ts";
import { BOTTOM, BRAND, CONTENT_WIDTH, type Doc, INK, MUTED, PAGE, RULE } from "./page.ts";
import { heightOfText, printText } from "./text.ts";

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
    doc.fontSize(size);
    let h = heightOfText(doc, cell.text, { width, bold: cell.bold });
    if (cell.detail) h += heightOfText(doc.fontSize(size - 1.5), cell.detail, { width }) + 1;
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
    printText(doc.fontSize(size).fillColor(INK), cell.text, x, top + 4, {
      width: textWidth(column),
      align: column.align,
      bold: cell.bold,
    });
    if (cell.detail) {
      printText(doc.fontSize(size - 1.5).fillColor(MUTED), cell.detail, x, doc.y + 1, {
        width: textWidth(column),
        align: column.align,
      });
    }
    x += column.width;
  });
  doc.x = PAGE.margin;
  doc.y = top + height;
}

/** A small grey label over its bold value, at `x`, half the page wide; moves down past both. */
export function labelledValue(doc: Doc, label: string, value: string, x: number) {
  const width = CONTENT_WIDTH / 2;
  doc.font(SANS).fontSize(8.5).fillColor(MUTED).text(label.toUpperCase(), x, doc.y, { width });
  printText(doc.fontSize(10.5).fillColor(INK), value, x, doc.y, { width, bold: true });
  doc.moveDown(0.5);
}

const DEMO_ABN_WARNING = "Demonstration ABN: not a registered business number";

/**
 * A document's top: its name large on the left (first, as the ATO asks of a tax invoice), who issues it
 * on the right (an optional small label, the name, the ABN, and a plain warning while the ABN is the
 * demonstration one), then a rule across the page. The tax invoice, the payout statement and the GST
 * summary all start this way.
 */
export function documentHeader(
  doc: Doc,
  header: {
    title: string;
    titleSize?: number;
    issuerLabel?: string;
    issuer: { name: string; abn: string };
    isDemoAbn: boolean;
  },
) {
  const label = header.issuerLabel?.toUpperCase();
  const abn = `ABN ${formatAbn(header.issuer.abn)}`;
  // The issuer's column is as wide as its longest line (at most half the page); the name takes the rest,
  // so the two never overlap and a long title wraps instead.
  const widthOf = (font: string, size: number, text: string) =>
    doc.font(font).fontSize(size).widthOfString(text);
  const issuerWidth = Math.min(
    CONTENT_WIDTH / 2,
    Math.ceil(
      Math.max(
        label ? widthOf(SANS, 8.5, label) : 0,
        widthOf(SANS_BOLD, 11, header.issuer.name),
        widthOf(SANS, 10, abn),
        header.isDemoAbn ? widthOf(SANS, 8.5, DEMO_ABN_WARNING) : 0,
      ),
    ) + 2,
  );
  const right = { x: PAGE.margin + CONTENT_WIDTH - issuerWidth, width: issuerWidth };

  const top = doc.y;
  doc
    .font(SANS_BOLD)
    .fontSize(header.titleSize ?? 20)
    .fillColor(BRAND)
    .text(header.title, PAGE.margin, top, { width: CONTENT_WIDTH - issuerWidth - 24 });
  const titleBottom = doc.y;
  doc.y = top;
  if (label) {
    doc
      .font(SANS)
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(label, right.x, doc.y, { width: right.width, align: "right" });
  }
  printText(doc.fontSize(11).fillColor(INK), header.issuer.name, right.x, doc.y, {
    width: right.width,
    align: "right",
    bold: true,
  });
  printText(doc.fontSize(10), abn, right.x, doc.y, { width: right.width, align: "right" });
  if (header.isDemoAbn) {
    doc
      .font(SANS)
      .fontSize(8.5)
      .fillColor("#b45309")
      .text(DEMO_ABN_WARNING, right.x, doc.y, { width: right.width, align: "right" });
  }
  doc.x = PAGE.margin;
  doc.y = Math.max(doc.y, titleBottom) + 14;
  hr(doc, 1, BRAND);
  doc.moveDown(0.8);
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
  doc.moveDown(1.2).font(SANS_BOLD).fontSize(12).fillColor(BRAND).text(text, PAGE.margin);
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

/** A table's column headings in bold, with a rule under them (repeated on every new page). */
export function headingRow(doc: Doc, columns: Column[], labels: string[]) {
  row(
    doc,
    columns,
    labels.map((text) => ({ text, bold: true })),
  );
  hr(doc);
}

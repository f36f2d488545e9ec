/**
 * A Kerb A4 document (tax invoice, payout statement): its page geometry and colours, the pdfkit
 * document with its bytes, and the footer that names every page.
 */
import PDFDocument from "pdfkit";
import { registerFonts, SANS } from "./fonts.ts";
import { printText } from "./text.ts";

export type Doc = PDFKit.PDFDocument;

export const PAGE = { width: 595.28, height: 841.89, margin: 50 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Lowest y a row may reach: the footer sits below it. */
export const BOTTOM = PAGE.height - PAGE.margin - 20;
export const INK = "#0f172a";
export const MUTED = "#475569";
export const BRAND = "#14532d";
export const RULE = "#cbd5e1";

/** A new document and its bytes once `doc.end()` is called. */
export function startPdf(info: { Title: string; Author: string; Subject: string }) {
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    // Kept in memory so the footers can say "Page n of N" once the page count is known.
    bufferPages: true,
    lang: "en-AU",
    displayTitle: true,
    info,
  });
  registerFonts(doc);
  doc.font(SANS);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

/** Every page names its document and where it stands, so a loose second page is still identifiable. */
export function footers(doc: Doc, documentName: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would otherwise start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    // The name may be a learner's in any script: printed with the fonts that draw it, as in the header.
    printText(
      doc.fontSize(8).fillColor(MUTED),
      `${documentName} · Page ${i - start + 1} of ${count}`,
      PAGE.margin,
      PAGE.height - 36,
      { width: CONTENT_WIDTH, align: "center" },
    );
    doc.page.margins.bottom = bottom;
  }
}

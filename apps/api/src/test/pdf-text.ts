import { execFileSync } from "node:child_process";

/**
 * The text a reader would copy out of a PDF, by Debian's poppler-utils `pdftotext` (what CI installs).
 * Whitespace runs collapse to one space so assertions do not depend on where lines wrap.
 */
export function pdfText(pdf: Buffer): string {
  return pdfLines(pdf).join(" ").replace(/\s+/g, " ");
}

/** The PDF's text line by line as pdftotext reads it: to tell a sentence on one line from one wrapped. */
export function pdfLines(pdf: Buffer): string[] {
  const text = execFileSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: pdf, encoding: "utf8" });
  return text.split("\n").map((line) => line.replace(/\s+/g, " ").trim());
}

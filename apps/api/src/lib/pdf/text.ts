/**
 * Prints text a person typed (names, emails, addresses, descriptions) in whatever scripts it mixes:
 * each run goes in the font that has its characters (script-runs.ts), lines wrap and align across runs.
 * Text the main font draws alone goes straight to pdfkit, as before.
 */
import { FONT_COVERAGE, FONT_FAMILIES, SANS, SANS_BOLD } from "./fonts.ts";
import { type ScriptRun, splitScriptRuns } from "./script-runs.ts";

type Doc = PDFKit.PDFDocument;

export interface PrintOptions {
  width?: number;
  align?: "left" | "right" | "center";
  bold?: boolean;
}

interface Segment extends ScriptRun {
  width: number;
}
interface Line {
  segments: Segment[];
  height: number;
  /** From the line's top to its baseline. */
  ascent: number;
}

// Shaping moves Devanagari vowel signs before or after the consonants they follow in the text.
const REORDERS_GLYPHS = /\p{Script=Devanagari}/u;

/**
 * Whether a PDF reader gets `text` back from its glyphs alone. A PDF maps each glyph to one text, so a
 * glyph the font substitutes (Noto Sans draws "ị" as "i" plus a dot below, the "i" already meaning "i")
 * or reorders reads back wrong; such text is printed with the typed text beside it (ActualText).
 */
function readsBack(font: number, text: string): boolean {
  if (REORDERS_GLYPHS.test(text)) return false;
  const metrics = FONT_FAMILIES[font]?.metrics();
  if (!metrics) return true;
  return metrics.layout(text).glyphs.every((glyph) => {
    const [only, ...more] = glyph.codePoints;
    if (only === undefined) return false;
    return more.length > 0 || metrics.glyphForCodePoint(only).id === glyph.id;
  });
}
const SPACE = /^\s+$/;
// Chinese and Japanese put no spaces between words: a line may break between any two of their characters.
const PIECE =
  /\s+|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;

const faceOf = (font: number, bold: boolean) => {
  const family = FONT_FAMILIES[font] ?? FONT_FAMILIES[0];
  return (bold ? family?.bold : family?.regular) ?? SANS;
};

const isPlain = (runs: ScriptRun[]) =>
  runs.length <= 1 && (runs[0]?.font ?? 0) === 0 && readsBack(0, runs[0]?.text ?? "");

/** Draws `text` at (x, y), default where the document stands, and moves below it like `doc.text`. */
export function printText(doc: Doc, text: string, x = doc.x, y = doc.y, options: PrintOptions = {}): Doc {
  const { bold = false, ...textOptions } = options;
  const main = bold ? SANS_BOLD : SANS;
  const runs = splitScriptRuns(text, FONT_COVERAGE);
  if (isPlain(runs)) return doc.font(main).text(text, x, y, textOptions);

  const width = options.width ?? doc.page.width - x - doc.page.margins.right;
  let top = y;
  for (const line of breakLines(doc, runs, width, bold)) {
    drawLine(doc, line, { x, top, width, align: options.align ?? "left", bold });
    top += line.height;
  }
  doc.font(main);
  doc.x = x;
  doc.y = top;
  return doc;
}

/** The height `printText` will take with these options, at the document's current font size. */
export function heightOfText(doc: Doc, text: string, options: PrintOptions = {}): number {
  const { bold = false, ...textOptions } = options;
  const runs = splitScriptRuns(text, FONT_COVERAGE);
  if (isPlain(runs)) return doc.font(bold ? SANS_BOLD : SANS).heightOfString(text, textOptions);
  const width = options.width ?? doc.page.width - doc.x - doc.page.margins.right;
  return breakLines(doc, runs, width, bold).reduce((sum, line) => sum + line.height, 0);
}

function breakLines(doc: Doc, runs: ScriptRun[], width: number, bold: boolean): Line[] {
  const measure = (piece: ScriptRun) => doc.font(faceOf(piece.font, bold)).widthOfString(piece.text);
  const queue = runs.flatMap((run) =>
    (run.text.match(PIECE) ?? []).map((text) => ({ font: run.font, text })),
  );
  const lines: ScriptRun[][] = [[]];
  let used = 0;
  while (queue.length > 0) {
    const piece = queue.shift() as ScriptRun;
    let current = lines.at(-1) as ScriptRun[];
    if (SPACE.test(piece.text) && current.length === 0) continue;
    const pieceWidth = measure(piece);
    if (current.length > 0 && used + pieceWidth > width && !SPACE.test(piece.text)) {
      current = [];
      lines.push(current);
      used = 0;
    }
    const chars = [...piece.text];
    if (current.length === 0 && pieceWidth > width && chars.length > 1) {
      // A word longer than the line (an email address, a long number) breaks between its characters.
      queue.unshift(...chars.map((ch) => ({ font: piece.font, text: ch })));
      continue;
    }
    current.push(piece);
    used += pieceWidth;
  }
  return lines.map((pieces) => lineOf(doc, pieces, bold));
}

function lineOf(doc: Doc, pieces: ScriptRun[], bold: boolean): Line {
  while (pieces.length > 0 && SPACE.test(pieces.at(-1)?.text ?? "")) pieces.pop();
  const segments: Segment[] = [];
  for (const piece of pieces) {
    const last = segments.at(-1);
    if (last?.font === piece.font) last.text += piece.text;
    else segments.push({ ...piece, width: 0 });
  }
  let ascent = 0;
  let descent = 0;
  for (const segment of segments.length > 0 ? segments : [{ font: 0, text: "", width: 0 }]) {
    doc.font(faceOf(segment.font, bold));
    segment.width = doc.widthOfString(segment.text);
    // pdfkit's line height spans the font's ascent and descent: split it in their proportion.
    const metrics = FONT_FAMILIES[segment.font]?.metrics();
    const share = metrics ? metrics.ascent / (metrics.ascent - metrics.descent) : 0.78;
    const height = doc.currentLineHeight(true);
    ascent = Math.max(ascent, height * share);
    descent = Math.max(descent, height * (1 - share));
  }
  return { segments, height: ascent + descent, ascent };
}

function drawLine(
  doc: Doc,
  line: Line,
  at: { x: number; top: number; width: number; align: "left" | "right" | "center"; bold: boolean },
) {
  const lineWidth = line.segments.reduce((sum, segment) => sum + segment.width, 0);
  const slack = at.width - lineWidth;
  let cursor = at.x + (at.align === "right" ? slack : at.align === "center" ? slack / 2 : 0);
  const baseline = at.top + line.ascent;
  const put = (text: string, x: number) =>
    doc.text(text, x, baseline, { lineBreak: false, baseline: "alphabetic" });
  for (const segment of line.segments) {
    doc.font(faceOf(segment.font, at.bold));
    if (FONT_FAMILIES[segment.font]?.rightToLeft) {
      // pdfkit shapes each word right to left but sets the words left to right: place them from the
      // segment's right edge, first word rightmost.
      let right = cursor + segment.width;
      for (const word of segment.text.match(/\s+|\S+/g) ?? []) {
        right -= doc.widthOfString(word);
        if (!SPACE.test(word)) put(word, right);
      }
    } else if (!readsBack(segment.font, segment.text)) {
      doc.markContent("Span", { actual: segment.text });
      put(segment.text, cursor);
      doc.endMarkedContent();
    } else {
      put(segment.text, cursor);
    }
    cursor += segment.width;
  }
}

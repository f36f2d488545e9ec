/**
 * Prints text a person typed (names, emails, addresses, descriptions) in whatever scripts it mixes:
 * each run goes in the font that has its characters (script-runs.ts), lines wrap and align across runs.
 * Text the main font draws alone goes straight to pdfkit, as before.
 */
import { FONT_COVERAGE, FONT_FAMILIES, SANS, SANS_BOLD } from "./fonts.ts";
import { type ScriptRun, splitScriptRuns } from "./script-runs.ts";

type Doc = PDFKit.PDFDocument;

interface PrintOptions {
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

// Noto Sans composes some Vietnamese letters from two glyphs ("ị" as "i" and a dot below). A PDF maps
// each glyph back to one text, so that "i" would then read back as "ị" everywhere, or the dot would be
// lost: the main font's precomposed letters are kept whole.
const WHOLE_LETTERS = { ccmp: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[];
// Given features, pdfkit shapes a whole line as one script: Devanagari would lose its reordering.
const featuresOf = (font: number, text: string) =>
  font === 0 && !/\p{Script=Devanagari}/u.test(text) ? { features: WHOLE_LETTERS } : {};

const SPACE = /^\s+$/;
// Chinese and Japanese put no spaces between words: a line may break between any two of their characters.
const PIECE =
  /\s+|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;

const faceOf = (font: number, bold: boolean) => {
  const family = FONT_FAMILIES[font] ?? FONT_FAMILIES[0];
  return (bold ? family?.bold : family?.regular) ?? SANS;
};

const isPlain = (runs: ScriptRun[]) => runs.length <= 1 && (runs[0]?.font ?? 0) === 0;

/** Draws `text` at (x, y), default where the document stands, and moves below it like `doc.text`. */
export function printText(doc: Doc, text: string, x = doc.x, y = doc.y, options: PrintOptions = {}): Doc {
  const { bold = false, ...textOptions } = options;
  const main = bold ? SANS_BOLD : SANS;
  const runs = splitScriptRuns(text, FONT_COVERAGE);
  if (isPlain(runs)) return doc.font(main).text(text, x, y, { ...textOptions, ...featuresOf(0, text) });

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
  if (isPlain(runs)) {
    return doc.font(bold ? SANS_BOLD : SANS).heightOfString(text, { ...textOptions, ...featuresOf(0, text) });
  }
  const width = options.width ?? doc.page.width - doc.x - doc.page.margins.right;
  return breakLines(doc, runs, width, bold).reduce((sum, line) => sum + line.height, 0);
}

function breakLines(doc: Doc, runs: ScriptRun[], width: number, bold: boolean): Line[] {
  const measure = (piece: ScriptRun) =>
    doc.font(faceOf(piece.font, bold)).widthOfString(piece.text, featuresOf(piece.font, piece.text));
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
    segment.width = doc.widthOfString(segment.text, featuresOf(segment.font, segment.text));
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
  const put = (text: string, x: number, font: number) =>
    doc.text(text, x, baseline, { lineBreak: false, baseline: "alphabetic", ...featuresOf(font, text) });
  for (const segment of line.segments) {
    doc.font(faceOf(segment.font, at.bold));
    if (FONT_FAMILIES[segment.font]?.rightToLeft) {
      // pdfkit shapes each word right to left but sets the words left to right: place them from the
      // segment's right edge, first word rightmost.
      let right = cursor + segment.width;
      for (const word of segment.text.match(/\s+|\S+/g) ?? []) {
        right -= doc.widthOfString(word);
        if (!SPACE.test(word)) put(word, right, segment.font);
      }
    } else {
      put(segment.text, cursor, segment.font);
    }
    cursor += segment.width;
  }
}

/**
 * Splits a text into runs that one font can draw each: a PDF font draws only the glyphs it has, and no
 * single font covers Latin, Arabic, Chinese and Korean names together.
 */

/** What the splitter asks of a font; a fontkit font answers it. */
export interface GlyphCoverage {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/** Consecutive characters drawn with `fonts[font]`. */
export interface ScriptRun {
  font: number;
  text: string;
}

/** Printed where no font has the character, so a missing letter shows instead of vanishing. */
export const REPLACEMENT = "\uFFFD";

// Characters that shape together with the one before them (accents, vowel signs, joiners, variation
// selectors, skin tones): split from it, they would print as a lone mark or an empty box.
const continuesCluster = (ch: string) => {
  const code = ch.codePointAt(0) ?? 0;
  const within = (from: number, to: number) => code >= from && code <= to;
  return (
    /^\p{M}$/u.test(ch) ||
    within(0x200c, 0x200d) ||
    within(0xfe00, 0xfe0f) ||
    within(0xe0020, 0xe007f) ||
    within(0x1f3fb, 0x1f3ff)
  );
};
// Spaces and punctuation belong to no script: between two runs of one font they stay in it, so that an
// Arabic name of two words is one right-to-left run, ordered as a whole.
const NEUTRAL = /^[\s\p{P}]$/u;

/**
 * Gives each character to the first font in `fonts` that has it (the first font is the text's main one),
 * then joins neighbours of the same font into runs. Nothing is lost: a character no font has becomes
 * `REPLACEMENT` in the first font.
 */
export function splitScriptRuns(text: string, fonts: readonly GlyphCoverage[]): ScriptRun[] {
  const chars = [...text];
  const has = (font: number | undefined, ch: string) =>
    font !== undefined && (fonts[font]?.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0) ?? false);
  const firstFont = (ch: string) => fonts.findIndex((_, font) => has(font, ch));

  // Neutral characters are decided once the fonts on both sides are known.
  const assigned: (number | undefined)[] = chars.map((ch, i) => {
    if (NEUTRAL.test(ch)) return undefined;
    if (i > 0 && continuesCluster(ch)) return -1;
    const font = firstFont(ch);
    if (font === -1) chars[i] = REPLACEMENT;
    return Math.max(font, 0);
  });
  for (let i = 0; i < chars.length; i++) {
    if (assigned[i] === -1) assigned[i] = assigned[i - 1];
  }
  for (let i = 0; i < chars.length; i++) {
    if (assigned[i] !== undefined) continue;
    const ch = chars[i] ?? "";
    const before = assigned[i - 1];
    const after = assigned.slice(i + 1).find((font) => font !== undefined);
    if (before !== undefined && before === after && has(before, ch)) assigned[i] = before;
    else {
      const font = firstFont(ch);
      if (font === -1) chars[i] = REPLACEMENT;
      assigned[i] = Math.max(font, 0);
    }
  }

  const runs: ScriptRun[] = [];
  chars.forEach((ch, i) => {
    const font = assigned[i] ?? 0;
    const last = runs.at(-1);
    if (last?.font === font) last.text += ch;
    else runs.push({ font, text: ch });
  });
  return runs;
}

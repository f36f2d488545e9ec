// fontkit ships no types; Kerb asks it only which characters a font has, how tall its lines are and
// which glyphs it draws for a text.
declare module "fontkit" {
  export interface Font {
    unitsPerEm: number;
    ascent: number;
    descent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
    layout(text: string): { glyphs: Glyph[] };
  }
  export interface Glyph {
    id: number;
    codePoints: number[];
  }
  export function openSync(path: string): Font;
}

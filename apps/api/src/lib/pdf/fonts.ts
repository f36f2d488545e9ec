/**
 * The fonts Kerb's PDFs embed, from npm packages (nothing is downloaded at run time). Noto Sans comes
 * first: it covers Latin with Vietnamese, Greek, Cyrillic and Devanagari; the others follow for the
 * scripts it lacks. pdfkit embeds only the glyphs a document uses, so a font costs bytes only when a
 * name needs it.
 */
import { createRequire } from "node:module";
import { type Font, openSync } from "fontkit";
import type { GlyphCoverage } from "./script-runs.ts";

// Resolved from node_modules both from src (tsx, vitest) and from the tsup bundle in dist, which leaves
// dependencies external.
const require = createRequire(import.meta.url);

interface FamilySpec {
  name: string;
  pkg: string;
  stem: string;
  rightToLeft: boolean;
}

const SPECS: readonly FamilySpec[] = [
  { name: "NotoSans", pkg: "noto-sans", stem: "NotoSans", rightToLeft: false },
  { name: "NotoSansArabic", pkg: "noto-sans-arabic", stem: "NotoSansArabic", rightToLeft: true },
  // Chinese before Korean: a Han character in a Korean name then prints in the Chinese font, which
  // draws it as well; Hangul is only in the Korean one.
  { name: "NotoSansSC", pkg: "noto-sans-sc", stem: "NotoSansSC", rightToLeft: false },
  { name: "NotoSansKR", pkg: "noto-sans-kr", stem: "NotoSansKR", rightToLeft: false },
  // Monochrome outlines: an emoji in a name prints as a black-and-white pictogram.
  { name: "NotoEmoji", pkg: "noto-emoji", stem: "NotoEmoji", rightToLeft: false },
];

/** A .ttf holds one font (only .ttc and .dfont files are collections). */
function openFont(path: string): Font {
  const opened = openSync(path);
  if ("fonts" in opened) throw new Error(`${path} is a font collection, not one font`);
  return opened;
}

type Weight = "400Regular" | "700Bold";

const fontFile = (spec: FamilySpec, weight: Weight) =>
  require.resolve(`@expo-google-fonts/${spec.pkg}/${weight}/${spec.stem}_${weight}.ttf`);

interface FontFamily {
  /** The pdfkit names `registerFonts` gives the faces. */
  regular: string;
  bold: string;
  rightToLeft: boolean;
  /** Read on first use: the Chinese font alone is 10 MB. */
  metrics(): Font;
}

/** Each face parsed once per thread (a PDF worker renders many documents), read on first use. */
const parsedFaces = new Map<string, Font>();
function parsedFace(spec: FamilySpec, weight: Weight): Font {
  const key = `${spec.stem}_${weight}`;
  let font = parsedFaces.get(key);
  if (!font) {
    font = openFont(fontFile(spec, weight));
    parsedFaces.set(key, font);
  }
  return font;
}

export const FONT_FAMILIES: readonly FontFamily[] = SPECS.map((spec) => ({
  regular: spec.name,
  bold: `${spec.name}-Bold`,
  rightToLeft: spec.rightToLeft,
  metrics: () => parsedFace(spec, "400Regular"),
}));

/** The main face of every document; constant wording (headings, labels) is drawn with it alone. */
export const SANS = "NotoSans";
export const SANS_BOLD = "NotoSans-Bold";

/** Coverage of each family, asked in order; a later family's file is read only when a character needs it. */
export const FONT_COVERAGE: readonly GlyphCoverage[] = FONT_FAMILIES.map((family) => ({
  hasGlyphForCodePoint: (codePoint) => family.metrics().hasGlyphForCodePoint(codePoint),
}));

/**
 * Names every face for `doc.font(name)`. pdfkit would read and parse a face's file again for every
 * document; it also takes a parsed fontkit font, so each face is handed over from this thread's cache,
 * still only when a document first uses it (the `src` pdfkit looks up is read lazily).
 */
export function registerFonts(doc: PDFKit.PDFDocument) {
  const registry = (doc as unknown as { _registeredFonts: Record<string, { src: unknown }> })
    ._registeredFonts;
  for (const spec of SPECS) {
    for (const [name, weight] of [
      [spec.name, "400Regular"],
      [`${spec.name}-Bold`, "700Bold"],
    ] as const) {
      doc.registerFont(name, fontFile(spec, weight));
      const entry = registry[name];
      if (entry) Object.defineProperty(entry, "src", { get: () => parsedFace(spec, weight) });
    }
  }
}

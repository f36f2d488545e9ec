import { describe, expect, it } from "vitest";
import { type GlyphCoverage, REPLACEMENT, splitScriptRuns } from "./script-runs.ts";

// Stand-in fonts by Unicode script, so the splitting is tested without reading font files.
const covering = (pattern: RegExp): GlyphCoverage => ({
  hasGlyphForCodePoint: (code) => pattern.test(String.fromCodePoint(code)),
});
const LATIN = covering(/[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}\s\p{P}\d]/u);
const ARABIC = covering(/[\p{Script=Arabic}\s]/u);
const CHINESE = covering(/[\p{Script=Han}\s，]/u);
const FONTS = [LATIN, ARABIC, CHINESE];

describe("splitScriptRuns", () => {
  it("keeps text the main font covers in one run", () => {
    expect(splitScriptRuns("Nguyễn Thị Hồng, Иван", FONTS)).toEqual([
      { font: 0, text: "Nguyễn Thị Hồng, Иван" },
    ]);
  });

  it("gives each script the first font that has it", () => {
    expect(splitScriptRuns("Instructor: 李小龙 · Sam", FONTS)).toEqual([
      { font: 0, text: "Instructor: " },
      { font: 2, text: "李小龙" },
      { font: 0, text: " · Sam" },
    ]);
  });

  it("keeps a space between two words of one script in their run", () => {
    expect(splitScriptRuns("Sam محمد الحسيني 9", FONTS)).toEqual([
      { font: 0, text: "Sam " },
      { font: 1, text: "محمد الحسيني" },
      { font: 0, text: " 9" },
    ]);
  });

  it("keeps a combining accent with its letter", () => {
    expect(splitScriptRuns("李\u0301", FONTS)).toEqual([{ font: 2, text: "李\u0301" }]);
  });

  it("replaces what no font has in the main font", () => {
    expect(splitScriptRuns("Dana שלום", FONTS)).toEqual([{ font: 0, text: `Dana ${REPLACEMENT.repeat(4)}` }]);
  });

  it("returns no run for empty text", () => {
    expect(splitScriptRuns("", FONTS)).toEqual([]);
  });
});

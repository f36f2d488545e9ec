import { describe, expect, it } from "vitest";
import { abnProblemOf, formatAbn, isValidAbn } from "./abn.ts";

describe("isValidAbn", () => {
  it("accepts ABNs that pass the ATO checksum, with or without spaces", () => {
    expect(isValidAbn("51 824 753 556")).toBe(true);
    expect(isValidAbn("51824753556")).toBe(true);
    expect(isValidAbn("53 004 085 616")).toBe(true);
  });
  it("refuses a wrong digit, a wrong length and non-digits", () => {
    expect(isValidAbn("51 824 753 557")).toBe(false);
    expect(isValidAbn("5182475355")).toBe(false);
    expect(isValidAbn("5182475355a")).toBe(false);
    expect(isValidAbn("")).toBe(false);
  });
  // ATO, "ABN format" (the ABN validation algorithm): "Subtract 1 from the first (left-most) digit" —
  // issued ABNs run from 10 000 000 000, so a leading 0 cannot be one, even when the sum divides by 89.
  it("refuses 01300000000: its checksum adds up but an ABN never starts with 0", () => {
    expect(abnProblemOf("01300000000")).toBe("leading_zero");
    expect(isValidAbn("01 300 000 000")).toBe(false);
  });
  it("says which problem it is", () => {
    expect(abnProblemOf("51 824 753 556")).toBeNull();
    expect(abnProblemOf("5182475355")).toBe("format");
    expect(abnProblemOf("51824753557")).toBe("checksum");
  });
});

describe("formatAbn", () => {
  it("groups the digits 2-3-3-3", () => {
    expect(formatAbn("51824753556")).toBe("51 824 753 556");
    expect(formatAbn("not an abn")).toBe("not an abn");
  });
});

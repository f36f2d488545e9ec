import { describe, expect, it } from "vitest";
import { formatAbn, isValidAbn } from "./abn.ts";

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
});

describe("formatAbn", () => {
  it("groups the digits 2-3-3-3", () => {
    expect(formatAbn("51824753556")).toBe("51 824 753 556");
    expect(formatAbn("not an abn")).toBe("not an abn");
  });
});

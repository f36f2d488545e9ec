import { describe, expect, it } from "vitest";
import { SUBURBS } from "../constants.ts";
import { findSuburb, teachesInSuburb, unknownSuburbMessage } from "./suburbs.ts";

describe("findSuburb", () => {
  it("answers the canonical spelling whatever the case and surrounding spaces", () => {
    expect(findSuburb("Bondi")).toBe("Bondi");
    expect(findSuburb("  north SYDNEY ")).toBe("North Sydney");
    expect(findSuburb("sydney cbd")).toBe("Sydney CBD");
    for (const suburb of SUBURBS) expect(findSuburb(suburb.toUpperCase())).toBe(suburb);
  });

  it("is null for anywhere we do not serve, or a partial name", () => {
    expect(findSuburb("Atlantis")).toBeNull();
    expect(findSuburb("North")).toBeNull();
    expect(findSuburb("NorthSydney")).toBeNull();
    expect(findSuburb("")).toBeNull();
  });
});

describe("unknownSuburbMessage", () => {
  it("lists the suburbs we serve without repeating the input", () => {
    expect(unknownSuburbMessage()).toBe(`We don't serve that suburb yet. Choose from: ${SUBURBS.join(", ")}`);
  });
});

describe("teachesInSuburb", () => {
  it("matches an instructor's suburbs case-insensitively", () => {
    expect(teachesInSuburb(["Bondi", "Manly"], "manly")).toBe(true);
    expect(teachesInSuburb(["north sydney"], "North Sydney")).toBe(true);
    expect(teachesInSuburb(["Bondi"], "Manly")).toBe(false);
    expect(teachesInSuburb([], "Bondi")).toBe(false);
  });
});

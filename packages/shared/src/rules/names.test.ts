import { describe, expect, it } from "vitest";
import { fullName } from "./names.ts";

describe("fullName", () => {
  it("prints the first name, then the last", () => {
    expect(fullName({ firstName: "Mei", lastName: "Li" })).toBe("Mei Li");
  });

  it("leaves no stray space when a part is empty", () => {
    expect(fullName({ firstName: "Mei", lastName: "" })).toBe("Mei");
  });
});

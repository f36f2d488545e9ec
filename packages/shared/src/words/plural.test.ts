import { describe, expect, it } from "vitest";
import { plural } from "./plural.ts";

describe("plural", () => {
  it("is singular for exactly one and plural otherwise, zero included", () => {
    expect(plural(1, "line")).toBe("1 line");
    expect(plural(2, "line")).toBe("2 lines");
    expect(plural(0, "lesson")).toBe("0 lessons");
  });

  it("takes the plural of a noun that does not just add an s", () => {
    expect(plural(1, "entry", "entries")).toBe("1 entry");
    expect(plural(3, "entry", "entries")).toBe("3 entries");
  });
});

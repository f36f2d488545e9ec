import { describe, expect, it } from "vitest";
import { refundCardOf } from "./refunds.ts";

describe("refund card words", () => {
  it("names the guardian who paid, else the learner's own card", () => {
    expect(refundCardOf({ firstName: "Mei", lastName: "Li" })).toBe("Mei Li's card");
    expect(refundCardOf(null)).toBe("your card");
    expect(refundCardOf()).toBe("your card");
  });
});

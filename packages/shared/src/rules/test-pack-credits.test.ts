import { describe, expect, it } from "vitest";
import { TEST_PACK_CREDIT_PRICE_CENTS } from "../constants.ts";
import { testPackCreditExpiryFrom, testPackCreditTotals } from "./test-pack-credits.ts";

describe("testPackCreditTotals", () => {
  it("adds 10% GST to the platform price: $250.00 + $25.00 = $275.00", () => {
    expect(TEST_PACK_CREDIT_PRICE_CENTS).toBe(25_000);
    expect(testPackCreditTotals()).toEqual({ subtotalCents: 25_000, gstCents: 2_500, totalCents: 27_500 });
  });
});

describe("testPackCreditExpiryFrom", () => {
  it("is 12 months on, on the Sydney calendar", () => {
    expect(testPackCreditExpiryFrom(new Date("2026-05-05T00:00:00Z")).toISOString()).toBe(
      "2027-05-05T00:00:00.000Z",
    );
  });
});

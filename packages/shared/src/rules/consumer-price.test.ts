import { describe, expect, it } from "vitest";
import {
  CONSUMER_PRICE_NOTE,
  consumerPriceCents,
  consumerPriceParts,
  formatConsumerPrice,
} from "./consumer-price.ts";
import { invoiceTotals } from "./pricing.ts";

// ACL s 48 (component pricing): the single GST-inclusive price must be at least as prominent as any part.
describe("consumerPriceCents", () => {
  it("adds GST: $84.50 ex GST is $92.95 to pay", () => {
    expect(consumerPriceCents(8450)).toBe(9295);
    expect(consumerPriceCents(7000)).toBe(7700);
  });

  it("rounds as the invoice does, so the total shown is the total charged", () => {
    for (const cents of [1, 5, 4551, 4908, 7003, 7550, 19_999]) {
      expect(consumerPriceCents(cents)).toBe(invoiceTotals([cents]).totalCents);
    }
    expect(consumerPriceCents(4555)).toBe(5011); // 455.5 GST rounds half up
  });

  it("charges GST once on the sum of several lines, like the invoice", () => {
    const lines = [4555, 4555, 8450];
    expect(consumerPriceCents(lines)).toBe(invoiceTotals(lines).totalCents);
    expect(consumerPriceCents([])).toBe(0);
  });
});

describe("consumerPriceParts", () => {
  it("leads with the total and keeps the ex-GST figure as a component", () => {
    expect(consumerPriceParts(7000)).toEqual({
      total: "$77.00",
      note: "incl. GST",
      component: "$70.00 + GST",
    });
    expect(consumerPriceParts([6500, 6500])).toEqual({
      total: "$143.00",
      note: CONSUMER_PRICE_NOTE,
      component: "$130.00 + GST",
    });
  });
});

describe("formatConsumerPrice", () => {
  it("prints the total before any part", () => {
    expect(formatConsumerPrice(8450)).toBe("$92.95 incl. GST ($84.50 + GST)");
    expect(formatConsumerPrice(7000, " per lesson")).toBe("$77.00 per lesson incl. GST ($70.00 + GST)");
  });
});

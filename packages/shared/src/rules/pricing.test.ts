import { describe, expect, it } from "vitest";
import {
  gstCents,
  gstIncludedCents,
  instructorEarningsCents,
  invoiceTotals,
  lessonPriceCents,
  platformFeeCents,
  poolRateCents,
  poolSavingsPercent,
} from "./pricing.ts";

describe("poolRateCents", () => {
  it("is 65% of the standard rate", () => {
    expect(poolRateCents(7000)).toBe(4550);
    expect(poolRateCents(10000)).toBe(6500);
    expect(poolRateCents(3000)).toBe(1950);
    expect(poolRateCents(20000)).toBe(13000);
  });

  it("rounds half a cent up without float noise", () => {
    expect(poolRateCents(7550)).toBe(4908); // 4907.5
    expect(poolRateCents(7510)).toBe(4882); // 4881.5
    expect(poolRateCents(7001)).toBe(4551); // 4550.65
    expect(poolRateCents(7003)).toBe(4552); // 4551.95
    expect(poolRateCents(1)).toBe(1); // 0.65
  });
});

describe("lessonPriceCents", () => {
  it("uses the standard rate outside pool hours", () => {
    expect(lessonPriceCents({ standardRateCents: 7000, isPoolHours: false })).toBe(7000);
  });

  it("uses the pool rate in pool hours", () => {
    expect(lessonPriceCents({ standardRateCents: 7000, isPoolHours: true })).toBe(4550);
  });
});

describe("gstCents", () => {
  it("is 10% rounded to the cent", () => {
    expect(gstCents(0)).toBe(0);
    expect(gstCents(7000)).toBe(700);
    expect(gstCents(4)).toBe(0);
    expect(gstCents(5)).toBe(1);
    expect(gstCents(12345)).toBe(1235); // 1234.5 rounds up
    expect(gstCents(12344)).toBe(1234);
  });
});

describe("gstIncludedCents", () => {
  it("recovers the GST of every amount charged as share + GST on it", () => {
    for (let share = 0; share <= 250_000; share++) {
      const gst = gstCents(share);
      if (gstIncludedCents(share + gst) !== gst)
        throw new Error(`share ${share}: ${gstIncludedCents(share + gst)}`);
    }
    expect(gstIncludedCents(7700)).toBe(700);
    expect(gstIncludedCents(4668)).toBe(424); // half of an $84.88 lesson: 4244 + 424 (424.4 rounded)
  });
});

describe("invoiceTotals", () => {
  it("sums lines and adds GST once on the subtotal", () => {
    expect(invoiceTotals([7000, 4550, 4550])).toEqual({
      subtotalCents: 16100,
      gstCents: 1610,
      totalCents: 17710,
    });
  });

  it("rounds GST on the subtotal, not per line", () => {
    // Per line 5+5+5 = 15 rounds to 1+1+1 = 3; on the subtotal it is 1.5 → 2.
    expect(invoiceTotals([5, 5, 5])).toEqual({ subtotalCents: 15, gstCents: 2, totalCents: 17 });
  });

  it("handles an empty invoice", () => {
    expect(invoiceTotals([])).toEqual({ subtotalCents: 0, gstCents: 0, totalCents: 0 });
  });

  it("rejects non-integer cents", () => {
    expect(() => invoiceTotals([70.5])).toThrow(RangeError);
  });
});

describe("instructor earnings and platform fee", () => {
  it("splits 75/25", () => {
    expect(instructorEarningsCents(7000)).toBe(5250);
    expect(platformFeeCents(7000)).toBe(1750);
    expect(instructorEarningsCents(4550)).toBe(3413); // 3412.5 rounds up
    expect(platformFeeCents(4550)).toBe(1137);
  });

  it("fee + earnings equals the price to the cent", () => {
    for (let price = 0; price <= 25000; price += 7) {
      expect(instructorEarningsCents(price) + platformFeeCents(price)).toBe(price);
    }
  });

  it("handles tiny prices", () => {
    expect(instructorEarningsCents(1)).toBe(1);
    expect(platformFeeCents(1)).toBe(0);
    expect(instructorEarningsCents(2)).toBe(2); // 1.5 rounds up
    expect(platformFeeCents(2)).toBe(0);
  });
});

describe("poolSavingsPercent", () => {
  it("is 35 for typical rates and 0 for none", () => {
    expect(poolSavingsPercent(7000)).toBe(35);
    expect(poolSavingsPercent(3000)).toBe(35);
    expect(poolSavingsPercent(0)).toBe(0);
  });
});

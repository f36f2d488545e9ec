import { describe, expect, it } from "vitest";
import { centsToDollars, dollarsToCents, formatAud } from "./money.ts";

describe("dollarsToCents", () => {
  it("converts whole and fractional dollars", () => {
    expect(dollarsToCents(70)).toBe(7000);
    expect(dollarsToCents(0)).toBe(0);
    expect(dollarsToCents(45.5)).toBe(4550);
  });

  it("absorbs float noise", () => {
    // 70.1 * 100 === 7009.999999999999, 0.29 * 100 === 28.999999999999996
    expect(dollarsToCents(70.1)).toBe(7010);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(1.15)).toBe(115);
  });

  it("never returns -0", () => {
    expect(Object.is(dollarsToCents(-0.001), 0)).toBe(true);
  });

  it("rejects non-finite amounts", () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("centsToDollars", () => {
  it("divides by 100", () => {
    expect(centsToDollars(7010)).toBe(70.1);
    expect(centsToDollars(5)).toBe(0.05);
    expect(centsToDollars(0)).toBe(0);
  });

  it("round-trips with dollarsToCents", () => {
    for (const cents of [1, 99, 4550, 7010, 123456])
      expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
  });
});

describe("formatAud", () => {
  it("formats en-AU currency with two decimals", () => {
    expect(formatAud(123450)).toBe("$1,234.50");
    expect(formatAud(7000)).toBe("$70.00");
    expect(formatAud(5)).toBe("$0.05");
    expect(formatAud(0)).toBe("$0.00");
    expect(formatAud(100000000)).toBe("$1,000,000.00");
  });

  it("prints negative zero as $0.00, and real negatives with their sign", () => {
    expect(formatAud(-0)).toBe("$0.00");
    expect(formatAud(-(5 - 5))).toBe("$0.00");
    expect(formatAud(-1)).toBe("-$0.01");
    expect(formatAud(-1636)).toBe("-$16.36");
  });
});

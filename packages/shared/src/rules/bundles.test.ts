import { describe, expect, it } from "vitest";
import { type BundleOption, bundleOptions, isPurchasableBundle } from "./bundles.ts";

/** [lessons, recommended] for small, medium, large. */
function summary(options: BundleOption[]): Array<[number, boolean]> {
  return options.map((o) => [o.lessons, o.recommended]);
}

describe("bundleOptions", () => {
  it("returns small, medium and large with fixed prices and totals", () => {
    const options = bundleOptions(10);
    expect(options).toEqual([
      {
        size: "small",
        name: "Small",
        lessons: 5,
        pricePerLessonCents: 7500,
        totalCents: 37500,
        recommended: true,
      },
      {
        size: "medium",
        name: "Medium",
        lessons: 10,
        pricePerLessonCents: 7000,
        totalCents: 70000,
        recommended: true,
      },
      {
        size: "large",
        name: "Large",
        lessons: 20,
        pricePerLessonCents: 6500,
        totalCents: 130000,
        recommended: false,
      },
    ]);
  });

  it.each([
    [
      1,
      [
        [5, true],
        [10, false],
        [20, false],
      ],
    ],
    [
      5,
      [
        [5, true],
        [10, false],
        [20, false],
      ],
    ],
    [
      6,
      [
        [5, true],
        [10, true],
        [20, false],
      ],
    ],
    [
      10,
      [
        [5, true],
        [10, true],
        [20, false],
      ],
    ],
    [
      11,
      [
        [5, false],
        [11, true],
        [20, false],
      ],
    ],
    [
      14,
      [
        [7, false],
        [14, true],
        [21, false],
      ],
    ],
    [
      15,
      [
        [7, false],
        [15, true],
        [22, false],
      ],
    ],
    [
      16,
      [
        [8, false],
        [16, false],
        [24, true],
      ],
    ],
    [
      20,
      [
        [10, false],
        [20, false],
        [30, true],
      ],
    ],
    [
      50,
      [
        [25, false],
        [50, false],
        [75, true],
      ],
    ],
  ] as Array<[number, Array<[number, boolean]>]>)("N=%i", (n, expected) => {
    expect(summary(bundleOptions(n))).toEqual(expected);
  });

  it("totals are lessons × price per lesson", () => {
    const [small, medium, large] = bundleOptions(50);
    expect(small?.totalCents).toBe(25 * 7500);
    expect(medium?.totalCents).toBe(50 * 7000);
    expect(large?.totalCents).toBe(75 * 6500);
  });

  it("defaults N to 10 when absent or invalid", () => {
    const asTen = bundleOptions(10);
    expect(bundleOptions()).toEqual(asTen);
    expect(bundleOptions(undefined)).toEqual(asTen);
    expect(bundleOptions(null)).toEqual(asTen);
    expect(bundleOptions(0)).toEqual(asTen);
    expect(bundleOptions(51)).toEqual(asTen);
    expect(bundleOptions(7.5)).toEqual(asTen);
    expect(bundleOptions(Number.NaN)).toEqual(asTen);
    expect(bundleOptions(-3)).toEqual(asTen);
  });

  it("always recommends at least one option", () => {
    for (let n = 1; n <= 50; n++) expect(bundleOptions(n).some((o) => o.recommended)).toBe(true);
  });
});

describe("isPurchasableBundle", () => {
  it("accepts options the rules produce", () => {
    expect(isPurchasableBundle(5, 7500)).toBe(true);
    expect(isPurchasableBundle(25, 7500)).toBe(true);
    expect(isPurchasableBundle(10, 7000)).toBe(true);
    expect(isPurchasableBundle(37, 7000)).toBe(true);
    expect(isPurchasableBundle(50, 7000)).toBe(true);
    expect(isPurchasableBundle(20, 6500)).toBe(true);
    expect(isPurchasableBundle(22, 6500)).toBe(true);
    expect(isPurchasableBundle(75, 6500)).toBe(true);
  });

  it("refuses sizes out of each option's reach", () => {
    expect(isPurchasableBundle(4, 7500)).toBe(false);
    expect(isPurchasableBundle(26, 7500)).toBe(false);
    expect(isPurchasableBundle(9, 7000)).toBe(false);
    expect(isPurchasableBundle(51, 7000)).toBe(false);
    expect(isPurchasableBundle(19, 6500)).toBe(false);
    expect(isPurchasableBundle(23, 6500)).toBe(false); // floor(N*1.5) skips 23
    expect(isPurchasableBundle(76, 6500)).toBe(false);
  });

  it("refuses prices that do not belong to the size", () => {
    expect(isPurchasableBundle(10, 6500)).toBe(false);
    expect(isPurchasableBundle(20, 1)).toBe(false);
    expect(isPurchasableBundle(10, 7499)).toBe(false);
    expect(isPurchasableBundle(0, 0)).toBe(false);
    expect(isPurchasableBundle(10.5, 7000)).toBe(false);
  });
});

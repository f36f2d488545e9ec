import { describe, expect, it } from "vitest";
import { summarizeEarnings } from "./earnings.ts";

describe("summarizeEarnings", () => {
  it("computes the fee and share per lesson, so they add up to the gross in every month", () => {
    const result = summarizeEarnings([
      { month: "2026-02", priceCents: 7333, lessons: 2 },
      { month: "2026-03", priceCents: 4877, lessons: 1 },
      { month: "2026-02", priceCents: 10001, lessons: 1 },
    ]);
    expect(result.months).toEqual([
      {
        month: "2026-03",
        lessons: 1,
        testPacks: 0,
        grossCents: 4877,
        platformFeeCents: 1219,
        netCents: 3658,
        gstCents: 0,
      },
      {
        month: "2026-02",
        lessons: 3,
        testPacks: 0,
        grossCents: 24667,
        platformFeeCents: 1833 * 2 + 2500,
        netCents: 5500 * 2 + 7501,
        gstCents: 0,
      },
    ]);
    expect(result.totals).toEqual({
      lessons: 4,
      testPacks: 0,
      grossCents: 29544,
      platformFeeCents: 1219 + 1833 * 2 + 2500,
      netCents: 3658 + 5500 * 2 + 7501,
      gstCents: 0,
    });
    for (const m of [...result.months, result.totals])
      expect(m.platformFeeCents + m.netCents).toBe(m.grossCents);
  });

  it("accepts counts as strings (some drivers return bigint counts as text)", () => {
    const result = summarizeEarnings([
      { month: "2026-01", priceCents: 8000, lessons: "3" as unknown as number },
    ]);
    expect(result.totals).toMatchObject({ lessons: 3, grossCents: 24000, netCents: 18000 });
  });

  it("pays 75% of what the platform kept on no-shows and late cancellations, counting them as lessons paid for", () => {
    // A month of 2 lessons taught and a no-show at 7500, and a late cancellation that kept 3750.
    const result = summarizeEarnings([
      { month: "2026-03", priceCents: 7500, lessons: 3 },
      { month: "2026-03", priceCents: 3750, lessons: 1 },
    ]);
    expect(result.totals).toEqual({
      lessons: 4,
      testPacks: 0,
      grossCents: 7500 * 3 + 3750,
      platformFeeCents: 1875 * 3 + 937,
      netCents: 5625 * 3 + 2813,
      gstCents: 0,
    });
  });

  it("adds 10% GST on each lesson's share for a GST-registered instructor", () => {
    const result = summarizeEarnings(
      [
        { month: "2026-03", priceCents: 8000, lessons: 2 },
        { month: "2026-03", priceCents: 6500, lessons: 1 },
      ],
      { abn: "51824753556", gstRegistered: true },
    );
    // Shares 6000, 6000, 4875; GST 600, 600, 487.5 → 488 (half up, per lesson).
    expect(result.totals).toMatchObject({ netCents: 16875, gstCents: 1688 });
  });

  it("counts a driving-test package apart from lessons, its money with theirs by the same per-line rule", () => {
    const result = summarizeEarnings(
      [
        { month: "2026-11", priceCents: 8000, lessons: 2 },
        { month: "2026-11", priceCents: 23333, lessons: 1, isTestPack: true },
      ],
      { abn: "51824753556", gstRegistered: true },
    );
    // The pack: fee 5833.25 → 5833, share 17500, GST 1750 (one line, not three hours of lessons).
    expect(result.totals).toEqual({
      lessons: 2,
      testPacks: 1,
      grossCents: 16000 + 23333,
      platformFeeCents: 2000 * 2 + 5833,
      netCents: 6000 * 2 + 17500,
      gstCents: 600 * 2 + 1750,
    });
  });

  it("is empty without lessons", () => {
    expect(summarizeEarnings([])).toEqual({
      months: [],
      totals: { lessons: 0, testPacks: 0, grossCents: 0, platformFeeCents: 0, netCents: 0, gstCents: 0 },
    });
  });
});

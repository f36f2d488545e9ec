import { describe, expect, it } from "vitest";
import { standardPriceCents } from "./pool-saving";

const listed = (id: string, standardRate: number, poolRate: number, poolOptIn = true) => ({
  id,
  standardRate,
  poolRate,
  poolOptIn,
});
const a = "c0000000-0000-4000-8000-00000000000a";
const b = "c0000000-0000-4000-8000-00000000000b";

describe("standardPriceCents", () => {
  it("reads an auto-assigned pool slot's standard price from the instructor priced at that pool rate", () => {
    const listings = [listed(a, 80, 52), listed(b, 100, 65)];
    expect(standardPriceCents({ instructorId: null, price: 65, isPoolHours: true }, listings)).toBe(10_000);
  });

  it("shows the lower standard price when two rates a cent apart share a pool rate", () => {
    // 80.01 × 0.65 = 52.0065 and 80.02 × 0.65 = 52.013: both are $52.01 at the pool rate.
    const listings = [listed(a, 80.01, 52.01), listed(b, 80.02, 52.01)];
    expect(standardPriceCents({ instructorId: null, price: 52.01, isPoolHours: true }, listings)).toBe(8001);
  });

  it("gives nothing for a standard slot, an instructor not listed, or no saving", () => {
    const listings = [listed(a, 80, 52), listed(b, 60, 60, false)];
    expect(standardPriceCents({ instructorId: a, price: 80, isPoolHours: false }, listings)).toBeNull();
    expect(standardPriceCents({ instructorId: b, price: 60, isPoolHours: true }, listings)).toBeNull();
    expect(standardPriceCents({ instructorId: "x", price: 52, isPoolHours: true }, listings)).toBeNull();
    expect(standardPriceCents({ instructorId: a, price: 52, isPoolHours: true }, listings)).toBe(8000);
  });
});

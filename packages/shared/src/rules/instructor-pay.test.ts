import { describe, expect, it } from "vitest";
import { chargesGst, instructorPayLine, instructorPayTotals, payoutHoldOf } from "./instructor-pay.ts";

const ABN = "51824753556";
const registered = { abn: ABN, gstRegistered: true };
const unregistered = { abn: ABN, gstRegistered: false };

describe("instructorPayLine", () => {
  it("pays a registered instructor their share plus 10% GST", () => {
    expect(instructorPayLine(8000, registered)).toEqual({
      grossCents: 8000,
      feeCents: 2000,
      shareCents: 6000,
      gstCents: 600,
      totalCents: 6600,
    });
  });
  it("pays an unregistered instructor the share alone", () => {
    expect(instructorPayLine(8000, unregistered)).toEqual({
      grossCents: 8000,
      feeCents: 2000,
      shareCents: 6000,
      gstCents: 0,
      totalCents: 6000,
    });
  });
  it("rounds the GST half up to the cent, per line", () => {
    // 6500 → share 4875 → GST 487.5 → 488.
    expect(instructorPayLine(6500, registered)).toMatchObject({
      shareCents: 4875,
      gstCents: 488,
      totalCents: 5363,
    });
    // 4333 → share 3250 (3249.75 rounds up) → GST 325.
    expect(instructorPayLine(4333, registered)).toMatchObject({ shareCents: 3250, gstCents: 325 });
    // 1 cent: share 1 (0.75 rounds up), GST 0 (0.1 rounds down).
    expect(instructorPayLine(1, registered)).toMatchObject({ shareCents: 1, gstCents: 0, totalCents: 1 });
    expect(instructorPayLine(0, registered)).toMatchObject({ shareCents: 0, gstCents: 0, totalCents: 0 });
  });
  it("charges no GST when the registration has no valid ABN behind it", () => {
    expect(instructorPayLine(8000, { abn: null, gstRegistered: true }).gstCents).toBe(0);
    expect(instructorPayLine(8000, { abn: "51824753557", gstRegistered: true }).gstCents).toBe(0);
  });
});

describe("instructorPayTotals", () => {
  it("sums lines so gross = fee + share and total = share + GST", () => {
    const totals = instructorPayTotals(
      [
        { grossCents: 8000, lessons: 2 },
        { grossCents: 6500, lessons: 1 },
        { grossCents: 4000, lessons: 1 },
      ],
      registered,
    );
    expect(totals).toEqual({
      lessons: 4,
      grossCents: 26500,
      feeCents: 6625,
      shareCents: 19875,
      gstCents: 600 + 600 + 488 + 300,
      totalCents: 19875 + 1988,
    });
    expect(totals.grossCents).toBe(totals.feeCents + totals.shareCents);
  });
  it("is zero for nothing, and refuses a negative or fractional amount", () => {
    expect(instructorPayTotals([], registered).totalCents).toBe(0);
    expect(() => instructorPayTotals([{ grossCents: -1, lessons: 1 }], registered)).toThrow(RangeError);
    expect(() => instructorPayTotals([{ grossCents: 1.5, lessons: 1 }], registered)).toThrow(RangeError);
  });
});

describe("payoutHoldOf and chargesGst", () => {
  it("holds payouts until a valid ABN is on record", () => {
    const accepted = { rctiAgreementCurrent: true };
    expect(payoutHoldOf({ abn: null, ...accepted })).toBe("abn_missing");
    expect(payoutHoldOf({ abn: "", ...accepted })).toBe("abn_missing");
    expect(payoutHoldOf({ abn: "51824753557", ...accepted })).toBe("abn_missing");
    expect(payoutHoldOf({ abn: ABN, ...accepted })).toBeNull();
  });
  it("holds payouts until the current RCTI agreement is accepted: no RCTI without one", () => {
    expect(payoutHoldOf({ abn: ABN, rctiAgreementCurrent: false })).toBe("agreement_missing");
  });
  it("charges GST only for a registered instructor with a valid ABN", () => {
    expect(chargesGst(registered)).toBe(true);
    expect(chargesGst(unregistered)).toBe(false);
    expect(chargesGst({ abn: null, gstRegistered: true })).toBe(false);
  });
});

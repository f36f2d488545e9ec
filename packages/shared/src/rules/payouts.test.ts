import { describe, expect, it } from "vitest";
import {
  isPayableInPeriod,
  payableGrossCents,
  payoutLine,
  payoutPeriodFor,
  payoutStatementNumber,
  payoutTotals,
} from "./payouts.ts";

describe("payoutPeriodFor", () => {
  it("pays the Sydney week Monday–Sunday that ended before the run", () => {
    // Wednesday 11 Nov 2026, 10:00 Sydney (AEDT, +11).
    const period = payoutPeriodFor(new Date("2026-11-10T23:00:00Z"));
    expect(period).toMatchObject({ start: "2026-11-02", end: "2026-11-08" });
    expect(period.endsAt.toISOString()).toBe("2026-11-08T13:00:00.000Z");
  });

  it("on a Monday just after midnight Sydney, pays the week that just ended", () => {
    // Monday 9 Nov 2026, 00:05 Sydney is still Sunday 8 Nov in UTC.
    expect(payoutPeriodFor(new Date("2026-11-08T13:05:00Z"))).toMatchObject({
      start: "2026-11-02",
      end: "2026-11-08",
    });
  });

  it("on a Sunday, the current week has not ended: the week before is paid", () => {
    expect(payoutPeriodFor(new Date("2026-11-08T12:59:00Z"))).toMatchObject({
      start: "2026-10-26",
      end: "2026-11-01",
    });
  });

  it("every run inside one week gets the same period", () => {
    const monday = payoutPeriodFor(new Date("2026-11-08T13:00:00Z"));
    const sunday = payoutPeriodFor(new Date("2026-11-15T12:59:59Z"));
    expect(sunday).toEqual(monday);
  });

  it("ends at Sydney midnight across the DST change (AEST → AEDT on 4 Oct 2026)", () => {
    const period = payoutPeriodFor(new Date("2026-10-06T00:00:00Z"));
    expect(period).toMatchObject({ start: "2026-09-28", end: "2026-10-04" });
    // Monday 5 Oct 00:00 AEDT (+11).
    expect(period.endsAt.toISOString()).toBe("2026-10-04T13:00:00.000Z");
  });
});

describe("what is payable", () => {
  const endsAt = new Date("2026-11-08T13:00:00Z");
  const lesson = (status: string, end: string, kept: number | null = null) => ({
    status,
    endTime: new Date(end),
    priceCents: 7500,
    keptCents: kept,
  });

  it("completed and no-show lessons at their price, late cancellations at the kept value", () => {
    expect(payableGrossCents(lesson("COMPLETED", "2026-11-05T01:00:00Z"))).toBe(7500);
    expect(payableGrossCents(lesson("NO_SHOW", "2026-11-05T01:00:00Z"))).toBe(7500);
    expect(payableGrossCents(lesson("CANCELLED", "2026-11-05T01:00:00Z", 3750))).toBe(3750);
    expect(payableGrossCents(lesson("CANCELLED", "2026-11-05T01:00:00Z", 0))).toBe(0);
    expect(payableGrossCents(lesson("SCHEDULED", "2026-11-05T01:00:00Z"))).toBe(0);
    expect(payableGrossCents(lesson("EXPIRED", "2026-11-05T01:00:00Z"))).toBe(0);
  });

  it("ended inside or before the period; a lesson ending after it waits for the next run", () => {
    const period = { endsAt };
    expect(isPayableInPeriod(lesson("COMPLETED", "2026-10-01T01:00:00Z"), period)).toBe(true);
    expect(isPayableInPeriod(lesson("COMPLETED", "2026-11-08T13:00:00Z"), period)).toBe(true);
    expect(isPayableInPeriod(lesson("COMPLETED", "2026-11-08T13:00:01Z"), period)).toBe(false);
    expect(isPayableInPeriod(lesson("CANCELLED", "2026-11-05T01:00:00Z", 0), period)).toBe(false);
  });
});

describe("payout totals", () => {
  it("splits each line 25/75 and the totals add up to the cent", () => {
    expect(payoutLine(7500)).toEqual({ grossCents: 7500, feeCents: 1875, amountCents: 5625 });
    // 4875 × 0.75 = 3656.25 → 3656; fee 1219.
    expect(payoutLine(4875)).toEqual({ grossCents: 4875, feeCents: 1219, amountCents: 3656 });
    const totals = payoutTotals([7500, 4875, 4875, 3750]);
    // 3750 × 0.75 = 2812.5 → 2813 (half up); fee 937.
    expect(totals).toEqual({ lessons: 4, grossCents: 21000, feeCents: 5250, amountCents: 15750 });
    expect(totals.feeCents + totals.amountCents).toBe(totals.grossCents);
  });

  it("rounds per line, not on the total (like the earnings page)", () => {
    // 3 × 4875: per line 3 × 3656 = 10968; on the total 14625 × 0.75 = 10968.75 → 10969.
    expect(payoutTotals([4875, 4875, 4875]).amountCents).toBe(10968);
  });

  it("refuses non-integer or negative cents", () => {
    expect(() => payoutTotals([12.5])).toThrow(RangeError);
    expect(() => payoutTotals([-1])).toThrow(RangeError);
  });

  it("numbers statements from the period's end and the payout id", () => {
    expect(
      payoutStatementNumber({ id: "1a2b3c4d-0000-4000-8000-000000000000", periodEnd: "2026-11-08" }),
    ).toBe("PO-20261108-1A2B3C4D");
  });
});

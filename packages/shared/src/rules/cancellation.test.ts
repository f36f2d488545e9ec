import { describe, expect, it } from "vitest";
import {
  bundleExpiryFrom,
  cancellationOutcome,
  canReschedule,
  refundCents,
  refundTier,
} from "./cancellation.ts";

const HOUR = 3_600_000;
const start = new Date("2026-06-20T00:00:00.000Z");
const before = (ms: number) => new Date(start.getTime() - ms);

describe("student refunds", () => {
  const refund = (msBefore: number, priceCents = 7000) =>
    refundCents({ priceCents, startTime: start, now: before(msBefore), cancelledBy: "STUDENT" });
  const tier = (msBefore: number) =>
    refundTier({ startTime: start, now: before(msBefore), cancelledBy: "STUDENT" });

  it("refunds in full more than 48 hours ahead", () => {
    expect(refund(48 * HOUR + 1)).toBe(7000);
    expect(refund(30 * 24 * HOUR)).toBe(7000);
    expect(tier(48 * HOUR + 1)).toBe("full");
  });

  it("refunds half from 48 hours down to 24 hours inclusive", () => {
    expect(refund(48 * HOUR)).toBe(3500);
    expect(refund(36 * HOUR)).toBe(3500);
    expect(refund(24 * HOUR)).toBe(3500);
    expect(tier(48 * HOUR)).toBe("half");
    expect(tier(24 * HOUR)).toBe("half");
  });

  it("rounds a half refund of an odd price to the cent", () => {
    expect(refund(30 * HOUR, 4551)).toBe(2276);
    expect(refund(30 * HOUR, 4550)).toBe(2275);
    expect(refund(30 * HOUR, 1)).toBe(1);
  });

  it("refunds in full at any notice when the instructor may no longer teach, but not once started", () => {
    const unavailable = (msBefore: number) =>
      refundTier({
        startTime: start,
        now: before(msBefore),
        cancelledBy: "STUDENT",
        instructorUnavailable: true,
      });
    expect(unavailable(30 * HOUR)).toBe("full");
    expect(unavailable(1)).toBe("full");
    expect(unavailable(0)).toBe("none");
    const outcome = cancellationOutcome({
      priceCents: 7000,
      startTime: start,
      now: before(2 * HOUR),
      cancelledBy: "STUDENT",
      paidWith: "BUNDLE",
      instructorUnavailable: true,
    });
    expect(outcome).toMatchObject({ tier: "full", method: "CREDIT", creditReturned: true, keptCents: 0 });
  });

  it("refunds nothing under 24 hours or once started", () => {
    expect(refund(24 * HOUR - 1)).toBe(0);
    expect(refund(1)).toBe(0);
    expect(refund(0)).toBe(0);
    expect(refund(-HOUR)).toBe(0);
    expect(tier(24 * HOUR - 1)).toBe("none");
    expect(tier(0)).toBe("none");
  });
});

describe("instructor and admin refunds", () => {
  it("are always full", () => {
    for (const cancelledBy of ["INSTRUCTOR", "ADMIN"] as const) {
      for (const msBefore of [72 * HOUR, 30 * HOUR, HOUR, 0, -HOUR]) {
        expect(refundCents({ priceCents: 4551, startTime: start, now: before(msBefore), cancelledBy })).toBe(
          4551,
        );
        expect(refundTier({ startTime: start, now: before(msBefore), cancelledBy })).toBe("full");
      }
    }
  });
});

describe("canReschedule", () => {
  it("allows rescheduling at least 24 hours before", () => {
    expect(canReschedule(start, before(24 * HOUR + 1))).toBe(true);
    expect(canReschedule(start, before(24 * HOUR))).toBe(true);
    expect(canReschedule(start, before(24 * HOUR - 1))).toBe(false);
    expect(canReschedule(start, before(-HOUR))).toBe(false);
  });
});

describe("bundleExpiryFrom", () => {
  it("is 12 months later", () => {
    expect(bundleExpiryFrom(new Date("2026-06-01T00:00:00.000Z")).toISOString()).toBe(
      "2027-06-01T00:00:00.000Z",
    );
    // 23:30 AEDT on 31 Dec 2026 → 23:30 AEDT on 31 Dec 2027.
    expect(bundleExpiryFrom(new Date("2026-12-31T12:30:00.000Z")).toISOString()).toBe(
      "2027-12-31T12:30:00.000Z",
    );
  });

  it("counts months on the Sydney calendar", () => {
    // 01:00 AEDT on Tue 29 Feb 2028 (still 28 Feb in UTC) → 01:00 AEDT on 28 Feb 2029.
    expect(bundleExpiryFrom(new Date("2028-02-28T14:00:00.000Z")).toISOString()).toBe(
      "2029-02-27T14:00:00.000Z",
    );
  });

  it("does not mutate its argument", () => {
    const purchased = new Date("2026-06-01T00:00:00.000Z");
    bundleExpiryFrom(purchased);
    expect(purchased.toISOString()).toBe("2026-06-01T00:00:00.000Z");
  });
});

describe("cancellationOutcome", () => {
  const outcome = (
    msBefore: number,
    paidWith: "BUNDLE" | "CARD" | null,
    cancelledBy: "STUDENT" | "INSTRUCTOR" | "ADMIN" = "STUDENT",
    priceCents = 7000,
  ) => cancellationOutcome({ priceCents, startTime: start, now: before(msBefore), cancelledBy, paidWith });

  it("refunds a card-paid lesson's share plus the GST charged on it, at each tier boundary", () => {
    expect(outcome(48 * HOUR + 1, "CARD")).toEqual({
      tier: "full",
      method: "CARD",
      refundCents: 7700,
      refundGstCents: 700,
      creditReturned: false,
      keptCents: 0,
      instructorEarningsCents: 0,
    });
    expect(outcome(48 * HOUR, "CARD")).toEqual({
      tier: "half",
      method: "CARD",
      refundCents: 3850,
      refundGstCents: 350,
      creditReturned: false,
      keptCents: 3500,
      instructorEarningsCents: 2625,
    });
    expect(outcome(24 * HOUR, "CARD")).toMatchObject({ tier: "half", refundCents: 3850, keptCents: 3500 });
    expect(outcome(24 * HOUR - 1, "CARD")).toEqual({
      tier: "none",
      method: "NONE",
      refundCents: 0,
      refundGstCents: 0,
      creditReturned: false,
      keptCents: 7000,
      instructorEarningsCents: 5250,
    });
  });

  it("splits every outcome to the cent: refund share + kept = price, instructor + platform = kept", () => {
    for (const price of [4551, 5200, 7000, 19999]) {
      for (const ms of [72 * HOUR, 30 * HOUR, HOUR]) {
        const o = outcome(ms, "CARD", "STUDENT", price);
        expect(o.refundCents - o.refundGstCents + o.keptCents).toBe(price);
        expect(o.instructorEarningsCents).toBe(Math.round(o.keptCents * 0.75));
      }
    }
  });

  it("rounds the half share first, then its GST (what the card was charged for that share)", () => {
    // 4551 / 2 = 2275.5 → 2276; GST 227.6 → 228.
    expect(outcome(30 * HOUR, "CARD", "STUDENT", 4551).refundCents).toBe(2276 + 228);
    // A pool lesson at $52.00: full refund $57.20.
    expect(outcome(72 * HOUR, "CARD", "STUDENT", 5200).refundCents).toBe(5720);
  });

  it("returns a bundle credit only on a full-refund tier; a forfeited credit is kept and earned on", () => {
    expect(outcome(48 * HOUR + 1, "BUNDLE")).toMatchObject({
      tier: "full",
      method: "CREDIT",
      refundCents: 0,
      creditReturned: true,
      keptCents: 0,
      instructorEarningsCents: 0,
    });
    expect(outcome(48 * HOUR, "BUNDLE")).toMatchObject({
      tier: "half",
      method: "NONE",
      creditReturned: false,
      keptCents: 7000,
      instructorEarningsCents: 5250,
    });
    expect(outcome(HOUR, "BUNDLE")).toMatchObject({ tier: "none", method: "NONE", creditReturned: false });
  });

  it("gives everything back when the instructor or an admin cancels, however late", () => {
    for (const by of ["INSTRUCTOR", "ADMIN"] as const) {
      expect(outcome(HOUR, "CARD", by)).toMatchObject({ tier: "full", refundCents: 7700, keptCents: 0 });
      expect(outcome(HOUR, "BUNDLE", by)).toMatchObject({
        tier: "full",
        method: "CREDIT",
        creditReturned: true,
      });
    }
  });

  it("moves nothing for a lesson that was neither paid by card nor by bundle", () => {
    expect(outcome(72 * HOUR, null)).toMatchObject({ tier: "full", method: "NONE", refundCents: 0 });
  });
});

import { describe, expect, it } from "vitest";
import { TEST_PACK_CANCELLATION_TERMS } from "../words/policy.ts";
import { refundTier } from "./cancellation.ts";
import {
  canMoveTestPack,
  testPackCancellationOutcome,
  testPackRefundTier,
} from "./test-pack-cancellation.ts";

const HOUR = 3_600_000;
const pickupAt = new Date("2026-06-20T00:00:00.000Z");
const before = (ms: number) => new Date(pickupAt.getTime() - ms);
const tier = (msBefore: number, extra: { instructorUnavailable?: boolean } = {}) =>
  testPackRefundTier({ pickupAt, now: before(msBefore), cancelledBy: "STUDENT", ...extra });

describe("a test pack's cancellation tiers", () => {
  it("refunds in full 7 days (168 hours) or more before the pick-up", () => {
    expect(tier(168 * HOUR)).toBe("full");
    expect(tier(30 * 24 * HOUR)).toBe("full");
  });

  it("refunds half from just under 7 days down to 48 hours inclusive", () => {
    expect(tier(168 * HOUR - 1)).toBe("half");
    expect(tier(72 * HOUR)).toBe("half");
    expect(tier(48 * HOUR)).toBe("half");
  });

  it("refunds nothing under 48 hours, nor once the pick-up has come", () => {
    expect(tier(48 * HOUR - 1)).toBe("none");
    expect(tier(1)).toBe("none");
    expect(tier(0)).toBe("none");
    expect(tier(-HOUR)).toBe("none");
  });

  it("is full whoever cancels when it is not the learner's doing, but not once started", () => {
    for (const cancelledBy of ["INSTRUCTOR", "ADMIN"] as const) {
      expect(testPackRefundTier({ pickupAt, now: before(HOUR), cancelledBy })).toBe("full");
    }
    expect(tier(HOUR, { instructorUnavailable: true })).toBe("full");
    expect(tier(0, { instructorUnavailable: true })).toBe("none");
  });

  it("leaves an ordinary lesson's tiers as they were", () => {
    const lesson = (msBefore: number) =>
      refundTier({ startTime: pickupAt, now: before(msBefore), cancelledBy: "STUDENT" });
    expect(lesson(100 * HOUR)).toBe("full");
    expect(lesson(30 * HOUR)).toBe("half");
    expect(tier(100 * HOUR)).toBe("half");
    expect(tier(30 * HOUR)).toBe("none");
  });
});

describe("what cancelling a pack gives back", () => {
  const outcome = (msBefore: number, paidWith: "CARD" | "TEST_PACK_CREDIT" | null) =>
    testPackCancellationOutcome({
      pickupAt,
      now: before(msBefore),
      cancelledBy: "STUDENT",
      priceCents: 30001,
      paidWith,
    });

  it("refunds a card-paid pack the tier's share of the price plus its GST", () => {
    expect(outcome(200 * HOUR, "CARD")).toMatchObject({
      tier: "full",
      method: "CARD",
      refundCents: 33001,
      refundGstCents: 3000,
      keptCents: 0,
    });
    expect(outcome(100 * HOUR, "CARD")).toMatchObject({
      tier: "half",
      method: "CARD",
      refundCents: 15001 + 1500,
      keptCents: 15000,
    });
    expect(outcome(10 * HOUR, "CARD")).toMatchObject({ tier: "none", method: "NONE", refundCents: 0 });
  });

  it("gives a test-pack credit back whole on the full tier only", () => {
    expect(outcome(168 * HOUR, "TEST_PACK_CREDIT")).toMatchObject({
      method: "CREDIT",
      creditReturned: true,
      refundCents: 0,
      keptCents: 0,
    });
    for (const ms of [100 * HOUR, 10 * HOUR]) {
      expect(outcome(ms, "TEST_PACK_CREDIT")).toMatchObject({
        method: "NONE",
        creditReturned: false,
        refundCents: 0,
        keptCents: 30001,
      });
    }
  });
});

describe("moving a pack to a new test time", () => {
  it("is allowed up to the pick-up, with no reschedule window", () => {
    expect(canMoveTestPack(pickupAt, before(1))).toBe(true);
    expect(canMoveTestPack(pickupAt, before(0))).toBe(false);
  });

  it("words the tiers from the constants", () => {
    expect(TEST_PACK_CANCELLATION_TERMS[0]).toContain("7 days or more before the pick-up");
    expect(TEST_PACK_CANCELLATION_TERMS[1]).toContain("48 hours to 7 days before: 50% refund");
  });
});

import { describe, expect, it } from "vitest";
import { PASS_PROMISE_MIN_LESSONS } from "../constants.ts";
import {
  type PassPromiseCase,
  passPromiseCreditExpiry,
  passPromiseEligibility,
  type TestOutcomeCase,
  testCentreShown,
  testOutcomeCompletesPack,
  testOutcomeRefusal,
  testPackLogbookSpan,
} from "./test-pack-outcomes.ts";

const testAt = new Date("2026-05-05T10:30:00+10:00");
const after = new Date("2026-05-05T11:00:00+10:00");

describe("testOutcomeRefusal", () => {
  const base: TestOutcomeCase = {
    outcome: "FAILED",
    lessonStatus: "SCHEDULED",
    testAt,
    now: after,
    claimed: false,
  };

  it("allows any outcome from the test time on, on a scheduled or completed pack", () => {
    expect(testOutcomeRefusal(base)).toBeNull();
    expect(testOutcomeRefusal({ ...base, now: testAt })).toBeNull();
    expect(testOutcomeRefusal({ ...base, lessonStatus: "COMPLETED", outcome: "PASSED" })).toBeNull();
    expect(testOutcomeRefusal({ ...base, outcome: "NOT_TAKEN" })).toBeNull();
  });

  it("refuses before the test, naming its Sydney time", () => {
    expect(testOutcomeRefusal({ ...base, now: new Date(testAt.getTime() - 1) })).toBe(
      "The test's outcome can be recorded from the test time, 10:30 am on 05/05/2026",
    );
  });

  it("refuses a cancelled or unpaid pack, and anything but not taken on a no-show", () => {
    expect(testOutcomeRefusal({ ...base, lessonStatus: "CANCELLED" })).toMatch(/was cancelled/);
    expect(testOutcomeRefusal({ ...base, lessonStatus: "EXPIRED" })).toMatch(/never paid for/);
    expect(testOutcomeRefusal({ ...base, lessonStatus: "PENDING_PAYMENT" })).toMatch(/never paid for/);
    expect(testOutcomeRefusal({ ...base, lessonStatus: "NO_SHOW" })).toMatch(/only be recorded as not taken/);
    expect(testOutcomeRefusal({ ...base, lessonStatus: "NO_SHOW", outcome: "NOT_TAKEN" })).toBeNull();
  });

  it("refuses a change once a pass-promise claim names the pack", () => {
    expect(testOutcomeRefusal({ ...base, claimed: true })).toMatch(/claimed the pass promise/);
  });
});

describe("testOutcomeCompletesPack", () => {
  const blockEnd = new Date("2026-05-05T12:00:00+10:00");
  const c = { outcome: "PASSED" as const, lessonStatus: "SCHEDULED" as const, blockEnd, now: blockEnd };

  it("completes a scheduled pack whose block has ended when the test was sat", () => {
    expect(testOutcomeCompletesPack(c)).toBe(true);
    expect(testOutcomeCompletesPack({ ...c, outcome: "FAILED" })).toBe(true);
  });

  it("leaves the lesson alone before the block ends, when not taken, or when already marked", () => {
    expect(testOutcomeCompletesPack({ ...c, now: new Date(blockEnd.getTime() - 1) })).toBe(false);
    expect(testOutcomeCompletesPack({ ...c, outcome: "NOT_TAKEN" })).toBe(false);
    expect(testOutcomeCompletesPack({ ...c, lessonStatus: "COMPLETED" })).toBe(false);
    expect(testOutcomeCompletesPack({ ...c, lessonStatus: "NO_SHOW" })).toBe(false);
  });
});

describe("testPackLogbookSpan", () => {
  it("is the block's first hour (the warm-up from the pick-up), or nothing without a warm-up", () => {
    const start = new Date("2026-05-05T08:15:00+10:00");
    expect(testPackLogbookSpan({ start, includesWarmUp: true })).toEqual({
      start,
      end: new Date("2026-05-05T09:15:00+10:00"),
    });
    expect(testPackLogbookSpan({ start, includesWarmUp: false })).toBeNull();
  });
});

describe("passPromiseEligibility", () => {
  const base: PassPromiseCase = {
    completedLessons: PASS_PROMISE_MIN_LESSONS,
    pack: { outcome: "FAILED", lessonStatus: "COMPLETED" },
    claimedBefore: false,
  };

  it("lets a learner with ten completed lessons claim on a failed pack", () => {
    expect(PASS_PROMISE_MIN_LESSONS).toBe(10);
    expect(passPromiseEligibility(base)).toEqual({ eligible: true });
    expect(
      passPromiseEligibility({ ...base, pack: { outcome: "FAILED", lessonStatus: "SCHEDULED" } }),
    ).toEqual({
      eligible: true,
    });
  });

  it("says which condition fails", () => {
    const refused = (c: PassPromiseCase) => {
      const result = passPromiseEligibility(c);
      return result.eligible ? null : { reason: result.reason, message: result.message };
    };
    expect(refused({ ...base, completedLessons: 9 })).toEqual({
      reason: "TOO_FEW_LESSONS",
      message:
        "The pass promise needs at least 10 completed lessons on Kerb (test packs not counted); you have completed 9",
    });
    expect(refused({ ...base, pack: { outcome: "PASSED", lessonStatus: "COMPLETED" } })).toEqual({
      reason: "NOT_FAILED",
      message: "The pass promise is for a failed test, and this test was passed",
    });
    expect(refused({ ...base, pack: { outcome: "NOT_TAKEN", lessonStatus: "COMPLETED" } })?.message).toBe(
      "The pass promise is for a failed test, and this test was not taken",
    );
    expect(refused({ ...base, pack: { outcome: null, lessonStatus: "COMPLETED" } })?.reason).toBe(
      "NO_OUTCOME",
    );
    expect(refused({ ...base, pack: { outcome: "FAILED", lessonStatus: "CANCELLED" } })?.reason).toBe(
      "PACK_CANCELLED",
    );
  });

  it("is once per learner: a claim before is the first refusal, whatever else holds", () => {
    const result = passPromiseEligibility({ ...base, completedLessons: 0, claimedBefore: true });
    expect(result).toMatchObject({ eligible: false, reason: "ALREADY_CLAIMED" });
  });
});

describe("passPromiseCreditExpiry", () => {
  it("is 12 months on at the same Sydney wall time, across daylight saving", () => {
    // 10:00 AEST in May → 10:00 AEST the next May; 10:00 AEDT in January → 10:00 AEDT.
    expect(passPromiseCreditExpiry(new Date("2026-05-05T00:00:00Z")).toISOString()).toBe(
      "2027-05-05T00:00:00.000Z",
    );
    expect(passPromiseCreditExpiry(new Date("2027-01-10T23:00:00Z")).toISOString()).toBe(
      "2028-01-10T23:00:00.000Z",
    );
  });

  it("falls back to 28 February from a 29 February", () => {
    expect(passPromiseCreditExpiry(new Date("2028-02-29T01:00:00Z")).toISOString()).toBe(
      "2029-02-28T01:00:00.000Z",
    );
  });
});

describe("testCentreShown", () => {
  it("names a known centre and keeps a retired one's id", () => {
    expect(testCentreShown("st-marys")).toMatchObject({
      name: "St Marys Driver Testing Centre",
      suburb: "St Marys",
    });
    expect(testCentreShown("gone")).toEqual({ id: "gone", name: "gone", address: "", suburb: "" });
  });
});

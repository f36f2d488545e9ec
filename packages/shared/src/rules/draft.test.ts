import { describe, expect, it } from "vitest";
import { draftAgeMinutes, draftMinutesRemaining, isDraftExpired, shouldWarnDraftExpiry } from "./draft.ts";

const MIN = 60_000;
const saved = 1_750_000_000_000;
const after = (ms: number) => saved + ms;

describe("draftAgeMinutes", () => {
  it("measures minutes since the draft was saved", () => {
    expect(draftAgeMinutes(saved, after(0))).toBe(0);
    expect(draftAgeMinutes(saved, after(90 * MIN))).toBe(90);
    expect(draftAgeMinutes(saved, after(30 * MIN + 30_000))).toBe(30.5);
  });

  it("treats a future timestamp as new and a corrupt one as infinitely old", () => {
    expect(draftAgeMinutes(after(5 * MIN), saved)).toBe(0);
    expect(draftAgeMinutes(Number.NaN, saved)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("isDraftExpired", () => {
  it("expires only after more than 120 minutes", () => {
    expect(isDraftExpired(saved, after(120 * MIN))).toBe(false);
    expect(isDraftExpired(saved, after(120 * MIN + 1))).toBe(true);
    expect(isDraftExpired(saved, after(0))).toBe(false);
    expect(isDraftExpired(Number.NaN, saved)).toBe(true);
  });
});

describe("shouldWarnDraftExpiry", () => {
  it("warns after 90 minutes until the draft expires", () => {
    expect(shouldWarnDraftExpiry(saved, after(90 * MIN))).toBe(false);
    expect(shouldWarnDraftExpiry(saved, after(90 * MIN + 1))).toBe(true);
    expect(shouldWarnDraftExpiry(saved, after(120 * MIN))).toBe(true);
    expect(shouldWarnDraftExpiry(saved, after(120 * MIN + 1))).toBe(false);
    expect(shouldWarnDraftExpiry(Number.NaN, saved)).toBe(false);
  });
});

describe("draftMinutesRemaining", () => {
  it("counts down from 120, rounding up and stopping at 0", () => {
    expect(draftMinutesRemaining(saved, after(0))).toBe(120);
    expect(draftMinutesRemaining(saved, after(1))).toBe(120);
    expect(draftMinutesRemaining(saved, after(30 * MIN + 30_000))).toBe(90);
    expect(draftMinutesRemaining(saved, after(91 * MIN))).toBe(29);
    expect(draftMinutesRemaining(saved, after(119 * MIN + 1))).toBe(1);
    expect(draftMinutesRemaining(saved, after(120 * MIN))).toBe(0);
    expect(draftMinutesRemaining(saved, after(200 * MIN))).toBe(0);
    expect(draftMinutesRemaining(Number.NaN, saved)).toBe(0);
  });

  it("never exceeds the lifetime for a future timestamp", () => {
    expect(draftMinutesRemaining(after(10 * MIN), saved)).toBe(120);
  });
});

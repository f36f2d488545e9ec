import { describe, expect, it } from "vitest";
import {
  afterFailedAttempt,
  isRetryExhausted,
  nextAttemptAt,
  RETRY_MAX_MS,
  retryDelayMs,
} from "./retry-backoff.ts";

describe("retry backoff", () => {
  it("waits one minute after the first failure and doubles after each further one", () => {
    expect(retryDelayMs(1)).toBe(60_000);
    expect(retryDelayMs(2)).toBe(120_000);
    expect(retryDelayMs(3)).toBe(240_000);
  });

  it("never waits more than an hour, however many attempts failed", () => {
    expect(retryDelayMs(7)).toBe(RETRY_MAX_MS);
    expect(retryDelayMs(1_000)).toBe(RETRY_MAX_MS);
  });

  it("treats a nonsensical count as the first failure", () => {
    expect(retryDelayMs(0)).toBe(60_000);
  });

  it("dates the next attempt from now", () => {
    const now = new Date("2026-11-22T00:00:00Z");
    expect(nextAttemptAt(2, now).toISOString()).toBe("2026-11-22T00:02:00.000Z");
  });

  it("gives up when the attempts reach the maximum, and never without one", () => {
    expect(isRetryExhausted(7, 8)).toBe(false);
    expect(isRetryExhausted(8, 8)).toBe(true);
    expect(isRetryExhausted(1_000, null)).toBe(false);
  });

  it("dates the next attempt even for a delivery given up on (its retry is an operator's)", () => {
    const now = new Date("2026-11-22T00:00:00Z");
    expect(afterFailedAttempt(3, 3, now)).toEqual({
      givenUp: true,
      nextAttemptAt: new Date("2026-11-22T00:04:00.000Z"),
    });
    expect(afterFailedAttempt(1, null, now).givenUp).toBe(false);
  });
});

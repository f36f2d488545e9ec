/**
 * When to try a failed delivery (a card refund, later an email) again: exponential backoff from one
 * minute, doubling per failed attempt, capped at one hour so an operator's fix is picked up soon.
 */
export const RETRY_BASE_MS = 60_000;
export const RETRY_MAX_MS = 60 * 60_000;

/** Delay before the next attempt, after `failedAttempts` (≥ 1) attempts have failed. */
export function retryDelayMs(failedAttempts: number): number {
  const exponent = Math.max(0, Math.min(failedAttempts - 1, 30));
  return Math.min(RETRY_BASE_MS * 2 ** exponent, RETRY_MAX_MS);
}

export function nextAttemptAt(failedAttempts: number, now: Date): Date {
  return new Date(now.getTime() + retryDelayMs(failedAttempts));
}

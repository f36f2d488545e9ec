/**
 * When to try a failed delivery again, and when to stop: the one rule behind every queue (the email
 * outbox, the card-refund queue; see apps/api/src/lib/work-queue.ts). Exponential backoff from one
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

/**
 * A delivery that failed `attempts` times is given up on once it reaches `maxAttempts`; null means
 * never (a card refund owed is retried until the provider takes it).
 */
export function isRetryExhausted(attempts: number, maxAttempts: number | null): boolean {
  return maxAttempts !== null && attempts >= maxAttempts;
}

/** What one more failure means: given up for good, or tried again at the backoff's time. */
export function afterFailedAttempt(
  attempts: number,
  maxAttempts: number | null,
  now: Date,
): { givenUp: boolean; nextAttemptAt: Date } {
  return { givenUp: isRetryExhausted(attempts, maxAttempts), nextAttemptAt: nextAttemptAt(attempts, now) };
}

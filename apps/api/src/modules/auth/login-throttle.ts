/**
 * Per-account brute-force protection: after `maxFailures` failed logins within the window, the account
 * refuses logins until the window passes. Per-IP limits are @fastify/rate-limit's job.
 * Kept in memory: Kerb runs as one process; several processes would move this to Redis or the database.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly maxTracked = 50_000,
  ) {}

  isLocked(key: string, now: number): boolean {
    return this.recent(key, now).length >= this.maxFailures;
  }

  recordFailure(key: string, now: number) {
    const list = this.recent(key, now);
    list.push(now);
    this.failures.delete(key);
    this.failures.set(key, list);
    // Bounded memory: forget the oldest-touched accounts first.
    while (this.failures.size > this.maxTracked) {
      const oldest = this.failures.keys().next().value;
      if (oldest === undefined) break;
      this.failures.delete(oldest);
    }
  }

  reset(key: string) {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }
}

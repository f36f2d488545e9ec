/**
 * Brute-force protection for sign-in, keyed by account AND client address, that never locks an owner
 * out of their own account:
 * - one address failing for one account gets `failuresBeforeDelay` free failures, then has to wait
 *   1 s, 2 s, 4 s… (doubling, capped at `maxDelayMs`) before that pair may try again;
 * - once the account has had `accountFailuresBeforeSlowdown` failures from all addresses within
 *   `accountWindowMs`, every address's wait starts from its first failure. A fresh address's first
 *   attempt is always heard, so a stranger's failures elsewhere can slow the owner, never block them;
 * - a successful sign-in from an address forgets that pair's failures.
 * Per-address request limits are @fastify/rate-limit's job.
 */
export interface LoginThrottle {
  /** Milliseconds this address must still wait before trying this account again; 0 when it may try. */
  waitMs(account: string, address: string, now: number): number;
  recordFailure(account: string, address: string, now: number): void;
  recordSuccess(account: string, address: string): void;
}

export interface LoginThrottleOptions {
  failuresBeforeDelay: number;
  maxDelayMs: number;
  accountFailuresBeforeSlowdown: number;
  accountWindowMs?: number;
  /** A pair idle this long starts again from zero. */
  pairMemoryMs?: number;
  /** Bounded memory: beyond this many keys the least recently touched are forgotten. */
  maxTracked?: number;
}

const FIRST_DELAY_MS = 1000;

interface PairState {
  failures: number;
  lastFailureAt: number;
  retryAt: number;
}

/** A Map used as an LRU: touching a key moves it to the end; the oldest are evicted first. */
function touch<V>(map: Map<string, V>, key: string, value: V, max: number) {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) {
    const oldest = map.keys().next().value;
    if (oldest === undefined) break;
    map.delete(oldest);
  }
}

/**
 * In-memory implementation: right for one process (the embedded database is single-process anyway).
 * Several API processes need a shared store behind the same interface (Redis).
 */
export function createMemoryLoginThrottle(options: LoginThrottleOptions): LoginThrottle {
  const accountWindowMs = options.accountWindowMs ?? 15 * 60_000;
  const pairMemoryMs = options.pairMemoryMs ?? 24 * 3_600_000;
  const maxTracked = options.maxTracked ?? 50_000;
  const pairs = new Map<string, PairState>();
  const accounts = new Map<string, number[]>();
  const pairKey = (account: string, address: string) => `${account}\n${address}`;

  function currentPair(key: string, now: number): PairState | undefined {
    const pair = pairs.get(key);
    if (pair && now - pair.lastFailureAt > pairMemoryMs) {
      pairs.delete(key);
      return undefined;
    }
    return pair;
  }

  return {
    waitMs(account, address, now) {
      const pair = currentPair(pairKey(account, address), now);
      return pair ? Math.max(0, pair.retryAt - now) : 0;
    },

    recordFailure(account, address, now) {
      // Only the newest `ceiling` failures matter to "are there at least `ceiling` in the window?".
      const recent = (accounts.get(account) ?? []).filter((t) => now - t < accountWindowMs);
      recent.push(now);
      if (recent.length > options.accountFailuresBeforeSlowdown) recent.shift();
      touch(accounts, account, recent, maxTracked);
      const underAttack = recent.length >= options.accountFailuresBeforeSlowdown;

      const key = pairKey(account, address);
      const failures = (currentPair(key, now)?.failures ?? 0) + 1;
      const freeFailures = underAttack ? 1 : options.failuresBeforeDelay;
      const steps = failures - freeFailures;
      // 2^steps grows past any cap quickly; clamp the exponent so the number stays finite.
      const delay = steps < 0 ? 0 : Math.min(options.maxDelayMs, FIRST_DELAY_MS * 2 ** Math.min(steps, 40));
      touch(pairs, key, { failures, lastFailureAt: now, retryAt: now + delay }, maxTracked);
    },

    recordSuccess(account, address) {
      pairs.delete(pairKey(account, address));
    },
  };
}

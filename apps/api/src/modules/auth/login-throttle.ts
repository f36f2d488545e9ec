/**
 * Brute-force protection for sign-in that never locks an owner out of a device they have signed in from.
 *
 * - Per client (an address, or a trusted device): after `failuresBeforeDelay` failures for one account,
 *   that client waits 1 s, 2 s, 4 s… (doubling, capped at `maxDelayMs`) before it may try again.
 * - Per account: once `accountFailuresBeforeSlowdown` failures from clients it does not trust have come
 *   in within `accountWindowSeconds`, every untrusted client waits 1 s, then 2 s, 4 s… after each further
 *   failure, whatever its address. A guesser rotating addresses (a botnet, or X-Forwarded-For when the
 *   proxy is trusted) is slowed to about one guess per `maxDelayMs` for the account.
 * - A trusted device (trusted-device.ts: a browser that signed in to this account before) is not held
 *   by the account's wait and its failures do not count towards it, so a stranger cannot lock the owner
 *   out of their own phone; a new device during an attack waits at most `maxDelayMs` (decision 026).
 * - A successful sign-in forgets that client's failures, never the account's.
 *
 * The counters are rate-limiter-flexible's: in this process's memory, or in Redis when the replicas share
 * one (with the memory limiter as insurance while Redis is down), one implementation for both. Its clock
 * is the real one (`Date.now()`), so tests move time with fake Date rather than the app's clock.
 * Per-address request limits are @fastify/rate-limit's job.
 */
import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from "rate-limiter-flexible";

export interface LoginThrottleOptions {
  failuresBeforeDelay: number;
  maxDelayMs: number;
  accountFailuresBeforeSlowdown: number;
  accountWindowSeconds?: number;
  /** A client's failures are forgotten this long after its first one. */
  clientMemorySeconds?: number;
}

/** Who is trying: the address, and the device id when the request proved a trusted device. */
interface LoginClient {
  address: string;
  trustedDevice?: string;
}

export interface LoginThrottle {
  /** Milliseconds this client must still wait before trying this account again; 0 when it may try. */
  waitMs(account: string, client: LoginClient): Promise<number>;
  recordFailure(account: string, client: LoginClient): Promise<void>;
  recordSuccess(account: string, client: LoginClient): Promise<void>;
}

const FIRST_DELAY_MS = 1000;

/** The wait after `failures` failures of which the first `free` cost nothing: 1 s, 2 s, 4 s… capped. */
export function backoffMs(failures: number, free: number, maxDelayMs: number): number {
  const steps = failures - free;
  // 2^steps grows past any cap quickly; clamp the exponent so the number stays finite.
  return steps < 0 ? 0 : Math.min(maxDelayMs, FIRST_DELAY_MS * 2 ** Math.min(steps, 40));
}

// Emails are hashed: the store holds counters, not a list of who tried to sign in.
const digest = (value: string) => createHash("sha256").update(value).digest("base64url").slice(0, 22);

const clientKey = (account: string, client: LoginClient) =>
  digest(
    `${account}\n${client.trustedDevice ? `device:${client.trustedDevice}` : `address:${client.address}`}`,
  );

interface LoginThrottleStore {
  redis?: Redis | null;
  keyPrefix?: string;
}

export function createLoginThrottle(
  options: LoginThrottleOptions,
  store: LoginThrottleStore = {},
): LoginThrottle {
  const accountWindow = options.accountWindowSeconds ?? 15 * 60;
  const clientMemory = options.clientMemorySeconds ?? 24 * 3600;
  const prefix = store.keyPrefix ?? "";

  /** A limiter in Redis insured by one in memory, or in memory alone. */
  function limiter(name: string, duration: number): RateLimiterAbstract {
    const settings = { keyPrefix: `${prefix}login-${name}`, points: 1, duration };
    const memory = new RateLimiterMemory(settings);
    if (!store.redis) return memory;
    // Redis down or not ready: the replica's own memory answers at once, so sign-in never waits on it
    // and a guesser is still slowed by each replica it reaches.
    return new RateLimiterRedis({
      ...settings,
      storeClient: store.redis,
      rejectIfRedisNotReady: true,
      insuranceLimiter: memory,
    });
  }

  // Failure counts (consumedPoints), and the waits they earn (a block on the same key shape).
  const clientFailures = limiter("client-failures", clientMemory);
  const accountFailures = limiter("account-failures", accountWindow);
  const waits = limiter("wait", clientMemory);

  async function remainingMs(key: string): Promise<number> {
    const res = await waits.get(key);
    return res && res.consumedPoints > 1 ? Math.max(0, res.msBeforeNext) : 0;
  }
  async function wait(key: string, ms: number) {
    if (ms > 0) await waits.block(key, ms / 1000);
  }

  return {
    async waitMs(account, client) {
      const own = remainingMs(`client:${clientKey(account, client)}`);
      const shared = client.trustedDevice ? 0 : remainingMs(`account:${digest(account)}`);
      return Math.max(await own, await shared);
    },

    async recordFailure(account, client) {
      let underAttack = false;
      if (!client.trustedDevice) {
        const failures = (await accountFailures.penalty(digest(account))).consumedPoints;
        underAttack = failures >= options.accountFailuresBeforeSlowdown;
        await wait(
          `account:${digest(account)}`,
          backoffMs(failures, options.accountFailuresBeforeSlowdown, options.maxDelayMs),
        );
      }
      const key = clientKey(account, client);
      const failures = (await clientFailures.penalty(key)).consumedPoints;
      const free = underAttack ? 1 : options.failuresBeforeDelay;
      await wait(`client:${key}`, backoffMs(failures, free, options.maxDelayMs));
    },

    async recordSuccess(account, client) {
      const key = clientKey(account, client);
      await Promise.all([clientFailures.delete(key), waits.delete(`client:${key}`)]);
    },
  };
}

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
 * An attempt counts when it starts, before the password is checked, not when it fails: counted after
 * the check, a burst of guesses sent at once all passed the check before the first failure was counted
 * (15–17 guesses per window instead of one). So `begin` takes the attempt's turn first: it counts the
 * attempt as a failure, and where that failure earns a wait, it claims the "gate" that holds the next
 * attempt back for that wait, in one atomic step of the store. Of a burst, only the attempts the same
 * guesses sent one by one would have been allowed get a turn; the rest wait, uncounted. An attempt whose
 * password was right is taken back off the counts (`succeeded`).
 *
 * The counters are rate-limiter-flexible's: in this process's memory, or in Redis when the replicas share
 * one (with the memory limiter as insurance while Redis is down), one implementation for both. Its clock
 * is the real one (`Date.now()`), so tests move time with fake Date rather than the app's clock.
 * Per-address request limits are @fastify/rate-limit's job.
 */
import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";

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

/** An attempt that got its turn: counted as a failure unless the password turns out right. */
export interface LoginAttempt {
  waitMs: 0;
  /** The password was right: not a failure after all, and this client's failures are forgotten. */
  succeeded(): Promise<void>;
  /** Neither right nor wrong (the check itself broke): taken back off the counts. */
  abandoned(): Promise<void>;
}

export interface LoginThrottle {
  /** Milliseconds this client must still wait before trying this account again; 0 when it may try. */
  waitMs(account: string, client: LoginClient): Promise<number>;
  /** Takes an attempt's turn before the password is checked; `{ waitMs }` (nothing counted) if none. */
  begin(account: string, client: LoginClient): Promise<LoginAttempt | { waitMs: number }>;
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

  // Failure counts (consumedPoints), and the gates: while a gate key lives, the next attempt waits. A
  // gate is made by consuming its one point, with the wait as its duration: the first attempt to do so
  // gets the turn, any other in that time is refused (rate-limiter-flexible's consume is atomic).
  const clientFailures = limiter("client-failures", clientMemory);
  const accountFailures = limiter("account-failures", accountWindow);
  const gates = limiter("gate", clientMemory);

  async function remainingMs(key: string): Promise<number> {
    const res = await gates.get(key);
    return res && res.consumedPoints > 0 ? Math.max(0, res.msBeforeNext) : 0;
  }

  /**
   * Claims the gate for `ms` when a wait is due: "claimed" (this attempt holds it: nobody else gets a
   * turn until it opens, or until this attempt gives it back), "free" when no wait is due, or how long
   * until it opens when another attempt holds it.
   */
  async function claimGate(key: string, ms: number): Promise<"claimed" | "free" | number> {
    if (ms <= 0) return "free";
    try {
      await gates.consume(key, 1, { customDuration: ms / 1000 });
      return "claimed";
    } catch (refused) {
      if (refused instanceof RateLimiterRes) return Math.max(1, refused.msBeforeNext);
      throw refused;
    }
  }

  async function waitMs(account: string, client: LoginClient) {
    const own = remainingMs(`client:${clientKey(account, client)}`);
    const shared = client.trustedDevice ? 0 : remainingMs(`account:${digest(account)}`);
    return Math.max(await own, await shared);
  }

  return {
    waitMs,

    async begin(account, client) {
      // Already waiting: refused without counting anything.
      const waiting = await waitMs(account, client);
      if (waiting > 0) return { waitMs: waiting };

      // The client's turn first: a burst from one address stops here, without touching the account.
      const accountKey = digest(account);
      const trusted = Boolean(client.trustedDevice);
      const counted = trusted ? null : await accountFailures.get(accountKey);
      // A count past its window may linger in memory until its timer runs: it counts for nothing.
      const accountSoFar = counted && counted.msBeforeNext > 0 ? counted.consumedPoints : 0;
      // Counting this attempt, is the account under attack? Then this client has one free failure.
      const underAttack = !trusted && accountSoFar + 1 >= options.accountFailuresBeforeSlowdown;
      const key = clientKey(account, client);
      const clientGate = `client:${key}`;
      const clientCount = (await clientFailures.penalty(key)).consumedPoints;
      const free = underAttack ? 1 : options.failuresBeforeDelay;
      const ownClientGate = await claimGate(clientGate, backoffMs(clientCount, free, options.maxDelayMs));
      if (typeof ownClientGate === "number") {
        await clientFailures.reward(key);
        return { waitMs: ownClientGate };
      }

      // Then the account's, for a client it does not trust: addresses taking turns stop here.
      const accountGate = `account:${accountKey}`;
      let ownAccountGate: "claimed" | "free" = "free";
      if (!trusted) {
        const accountCount = (await accountFailures.penalty(accountKey)).consumedPoints;
        const claim = await claimGate(
          accountGate,
          backoffMs(accountCount, options.accountFailuresBeforeSlowdown, options.maxDelayMs),
        );
        if (typeof claim === "number") {
          await Promise.all([
            clientFailures.reward(key),
            accountFailures.reward(accountKey),
            ownClientGate === "claimed" ? gates.delete(clientGate) : undefined,
          ]);
          return { waitMs: claim };
        }
        ownAccountGate = claim;
      }

      // Not a failure after all: off the counts, and a gate this attempt holds is opened again (while
      // it held it, no other attempt got a turn, so the counts are as if this one never came).
      const takeBack = () =>
        Promise.all([
          trusted ? undefined : accountFailures.reward(accountKey),
          ownAccountGate === "claimed" ? gates.delete(accountGate) : undefined,
        ]);
      return {
        waitMs: 0,
        async succeeded() {
          await Promise.all([clientFailures.delete(key), gates.delete(clientGate), takeBack()]);
        },
        async abandoned() {
          await Promise.all([
            clientFailures.reward(key),
            ownClientGate === "claimed" ? gates.delete(clientGate) : undefined,
            takeBack(),
          ]);
        },
      };
    },
  };
}

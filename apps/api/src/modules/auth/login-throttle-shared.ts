/**
 * The login throttle shared by every API replica through Redis: the same rules as the in-memory one
 * (login-throttle.ts), kept in Redis so that five failures spread over three replicas count as five.
 * Each step is one Lua script, so concurrent failures on different replicas never lose a count.
 *
 * Redis unavailable: every failure is also recorded in this replica's in-memory throttle, and any call
 * Redis cannot answer (within the client's 500 ms command timeout) is answered from that copy. During an
 * outage a guesser is therefore still slowed by each replica it reaches (at worst one replica's allowance
 * each), sign-in keeps working for everyone else, and nothing answers 5xx.
 */
import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import type { LoginThrottle, LoginThrottleOptions } from "./login-throttle.ts";

/** The throttle as the auth service uses it: asynchronous, since the shared one asks Redis. */
export interface AsyncLoginThrottle {
  waitMs(account: string, address: string, now: number): Promise<number>;
  recordFailure(account: string, address: string, now: number): Promise<void>;
  recordSuccess(account: string, address: string): Promise<void>;
}

export function asAsyncThrottle(local: LoginThrottle): AsyncLoginThrottle {
  return {
    waitMs: async (account, address, now) => local.waitMs(account, address, now),
    recordFailure: async (account, address, now) => local.recordFailure(account, address, now),
    recordSuccess: async (account, address) => local.recordSuccess(account, address),
  };
}

// KEYS: account set, pair hash. ARGV: now, account window, slowdown threshold, free failures,
// max delay, pair memory, unique member. Mirrors createMemoryLoginThrottle.recordFailure.
const RECORD_FAILURE = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local ceiling = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('ZADD', KEYS[1], now, ARGV[7])
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(ceiling + 1))
redis.call('PEXPIRE', KEYS[1], window)
local underAttack = redis.call('ZCARD', KEYS[1]) >= ceiling
local pairMemory = tonumber(ARGV[6])
local last = tonumber(redis.call('HGET', KEYS[2], 'lastFailureAt') or '')
if last and now - last > pairMemory then redis.call('DEL', KEYS[2]) end
local failures = redis.call('HINCRBY', KEYS[2], 'failures', 1)
local free = tonumber(ARGV[4])
if underAttack then free = 1 end
local steps = failures - free
local delay = 0
if steps >= 0 then delay = math.min(tonumber(ARGV[5]), 1000 * 2 ^ math.min(steps, 40)) end
redis.call('HSET', KEYS[2], 'retryAt', now + delay, 'lastFailureAt', now)
redis.call('PEXPIRE', KEYS[2], pairMemory)
return delay
`;

export interface SharedThrottleOptions extends LoginThrottleOptions {
  redis: Redis;
  keyPrefix: string;
  /** This replica's own copy, kept in step and answering while Redis cannot. */
  local: LoginThrottle;
  onRedisError?: (error: unknown) => void;
}

// Emails are hashed: Redis holds counters, not a list of who tried to sign in.
const digest = (value: string) => createHash("sha256").update(value).digest("base64url").slice(0, 22);

export function createSharedLoginThrottle(options: SharedThrottleOptions): AsyncLoginThrottle {
  const { redis, local } = options;
  const accountWindowMs = options.accountWindowMs ?? 15 * 60_000;
  const pairMemoryMs = options.pairMemoryMs ?? 24 * 3_600_000;
  const accountKey = (account: string) => `${options.keyPrefix}login:account:${digest(account)}`;
  const pairKey = (account: string, address: string) =>
    `${options.keyPrefix}login:pair:${digest(`${account}\n${address}`)}`;
  let sequence = 0;

  async function orLocal<T>(shared: () => Promise<T>, fallback: () => T): Promise<T> {
    try {
      return await shared();
    } catch (error) {
      options.onRedisError?.(error);
      return fallback();
    }
  }

  return {
    waitMs(account, address, now) {
      return orLocal(
        async () => {
          const [retryAt, lastFailureAt] = await redis.hmget(
            pairKey(account, address),
            "retryAt",
            "lastFailureAt",
          );
          // An idle pair is forgotten (Redis also expires it; this keeps the rule on the caller's clock).
          if (retryAt === null || now - Number(lastFailureAt) > pairMemoryMs) return 0;
          return Math.max(0, Number(retryAt) - now);
        },
        () => local.waitMs(account, address, now),
      );
    },

    async recordFailure(account, address, now) {
      local.recordFailure(account, address, now);
      sequence = (sequence + 1) % 1_000_000;
      await orLocal(
        () =>
          redis.eval(
            RECORD_FAILURE,
            2,
            accountKey(account),
            pairKey(account, address),
            now,
            accountWindowMs,
            options.accountFailuresBeforeSlowdown,
            options.failuresBeforeDelay,
            options.maxDelayMs,
            pairMemoryMs,
            `${now}:${process.pid}:${sequence}:${Math.random()}`,
          ),
        () => undefined,
      );
    },

    async recordSuccess(account, address) {
      local.recordSuccess(account, address);
      await orLocal(
        () => redis.del(pairKey(account, address)),
        () => undefined,
      );
    },
  };
}

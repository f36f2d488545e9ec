import type { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createRedisClient, redisReady } from "../src/lib/redis.ts";
import { createMemoryLoginThrottle, type LoginThrottleOptions } from "../src/modules/auth/login-throttle.ts";
import {
  type AsyncLoginThrottle,
  asAsyncThrottle,
  createSharedLoginThrottle,
} from "../src/modules/auth/login-throttle-shared.ts";
import { REDIS_URL, redisNamespace } from "./cluster-fixture.ts";

const options = { failuresBeforeDelay: 5, maxDelayMs: 15 * 60_000, accountFailuresBeforeSlowdown: 50 };
const namespace = redisNamespace();
const clients: Redis[] = [];

/** The in-memory throttle and the Redis one, fed the same calls: they must answer the same. */
async function pair(overrides: Partial<LoginThrottleOptions> = {}) {
  const settings = { ...options, ...overrides };
  const redis = createRedisClient(REDIS_URL);
  clients.push(redis);
  expect(await redisReady(redis)).toBe(true);
  const memory = asAsyncThrottle(createMemoryLoginThrottle(settings));
  const shared = createSharedLoginThrottle({
    ...settings,
    redis,
    keyPrefix: `${namespace.prefix}${Math.random()}:`,
    local: createMemoryLoginThrottle(settings),
    onRedisError: (error) => {
      throw error;
    },
  });
  const both = async <T>(call: (t: AsyncLoginThrottle) => Promise<T>) => {
    const [a, b] = await Promise.all([call(memory), call(shared)]);
    expect(b).toEqual(a);
    return b;
  };
  return {
    fail: (account: string, address: string, now: number) =>
      both((t) => t.recordFailure(account, address, now)),
    wait: (account: string, address: string, now: number) => both((t) => t.waitMs(account, address, now)),
    succeed: (account: string, address: string) => both((t) => t.recordSuccess(account, address)),
  };
}

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await namespace.clean();
});

describe("login throttle in Redis answers as the in-memory one", () => {
  it("free failures, then doubling waits up to the cap", async () => {
    const t = await pair();
    let now = 1_000_000;
    const waits: number[] = [];
    for (let i = 0; i < 16; i++) {
      await t.fail("a@x.test", "10.0.0.1", now);
      const wait = await t.wait("a@x.test", "10.0.0.1", now);
      waits.push(wait);
      now += wait;
    }
    expect(waits.slice(0, 7)).toEqual([0, 0, 0, 0, 1000, 2000, 4000]);
    expect(waits.at(-1)).toBe(900_000);
    await t.wait("a@x.test", "10.0.0.2", now - 1);
  });

  it("resets on success and forgets idle pairs", async () => {
    const t = await pair({ failuresBeforeDelay: 1, pairMemoryMs: 60_000 });
    await t.fail("a@x.test", "10.0.0.1", 0);
    expect(await t.wait("a@x.test", "10.0.0.1", 0)).toBe(1000);
    await t.succeed("a@x.test", "10.0.0.1");
    expect(await t.wait("a@x.test", "10.0.0.1", 0)).toBe(0);
    await t.fail("a@x.test", "10.0.0.1", 0);
    await t.fail("a@x.test", "10.0.0.1", 1000);
    expect(await t.wait("a@x.test", "10.0.0.1", 1000)).toBe(2000);
    await t.fail("a@x.test", "10.0.0.1", 100_000);
    expect(await t.wait("a@x.test", "10.0.0.1", 100_000)).toBe(1000);
  });

  it("slows a spread-out attack from the first failure, never blocks a fresh address", async () => {
    const t = await pair({ accountFailuresBeforeSlowdown: 3 });
    for (let i = 0; i < 3; i++) await t.fail("a@x.test", `10.0.0.${i}`, i);
    expect(await t.wait("a@x.test", "192.0.2.1", 10)).toBe(0);
    await t.fail("a@x.test", "192.0.2.1", 10);
    expect(await t.wait("a@x.test", "192.0.2.1", 10)).toBe(1000);
    await t.fail("a@x.test", "192.0.2.2", 20 * 60_000);
    expect(await t.wait("a@x.test", "192.0.2.2", 20 * 60_000)).toBe(0);
  });

  it("answers from the replica's own count when Redis is unreachable, at once", async () => {
    const settings = { ...options, failuresBeforeDelay: 2 };
    const dead = createRedisClient("redis://127.0.0.1:1");
    clients.push(dead);
    const throttle = createSharedLoginThrottle({
      ...settings,
      redis: dead,
      keyPrefix: namespace.prefix,
      local: createMemoryLoginThrottle(settings),
    });
    const startedAt = Date.now();
    for (let i = 0; i < 3; i++) await throttle.recordFailure("a@x.test", "10.0.0.1", 0);
    expect(await throttle.waitMs("a@x.test", "10.0.0.1", 0)).toBe(2000);
    expect(Date.now() - startedAt).toBeLessThan(1000);
  });
});

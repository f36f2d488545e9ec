import type { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createRedisClient, redisReady } from "../src/lib/redis.ts";
import { createLoginThrottle, type LoginThrottleOptions } from "../src/modules/auth/login-throttle.ts";
import { REDIS_URL, redisNamespace } from "./cluster-fixture.ts";

const options = { failuresBeforeDelay: 5, maxDelayMs: 15 * 60_000, accountFailuresBeforeSlowdown: 50 };
const namespace = redisNamespace();
const clients: Redis[] = [];
const from = (address: string) => ({ address });

/** Two replicas' throttles on one Redis, as two API processes have them. */
async function replicas(overrides: Partial<LoginThrottleOptions> = {}) {
  const keyPrefix = `${namespace.prefix}${Math.random()}:`;
  const one = async () => {
    const redis = createRedisClient(REDIS_URL);
    clients.push(redis);
    expect(await redisReady(redis)).toBe(true);
    return createLoginThrottle({ ...options, ...overrides }, { redis, keyPrefix });
  };
  return [await one(), await one()] as const;
}

/** Whole seconds, as Retry-After gives them: Redis's clock runs on while the test reads it. */
const seconds = (ms: number) => Math.ceil(ms / 1000);

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await namespace.clean();
});

describe("login throttle shared through Redis", () => {
  it("counts one client's failures on every replica: free failures, then doubling waits", async () => {
    const [a, b] = await replicas();
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const replica = i % 2 === 0 ? a : b;
      await replica.recordFailure("a@x.test", from("10.0.0.1"));
      waits.push(seconds(await (i % 2 === 0 ? b : a).waitMs("a@x.test", from("10.0.0.1"))));
    }
    expect(waits).toEqual([0, 0, 0, 0, 1, 2, 4, 8]);
    expect(await a.waitMs("a@x.test", from("10.0.0.2"))).toBe(0);

    // A sign-in on one replica forgets the client's failures on all of them.
    await b.recordSuccess("a@x.test", from("10.0.0.1"));
    expect(await a.waitMs("a@x.test", from("10.0.0.1"))).toBe(0);
  });

  it("puts an account under attack across replicas: every untrusted address waits, a trusted device does not", async () => {
    const [a, b] = await replicas({ accountFailuresBeforeSlowdown: 4 });
    for (let i = 0; i < 4; i++) await (i % 2 === 0 ? a : b).recordFailure("a@x.test", from(`10.0.1.${i}`));
    expect(seconds(await a.waitMs("a@x.test", from("192.0.2.1")))).toBe(1);
    expect(seconds(await b.waitMs("a@x.test", from("192.0.2.2")))).toBe(1);
    expect(await b.waitMs("a@x.test", { address: "192.0.2.2", trustedDevice: "phone" })).toBe(0);
    expect(await a.waitMs("b@x.test", from("192.0.2.1"))).toBe(0);
    await b.recordFailure("a@x.test", from("192.0.2.3"));
    expect(seconds(await a.waitMs("a@x.test", from("192.0.2.4")))).toBe(2);
  });

  it("answers from the replica's own memory when Redis is unreachable, at once", async () => {
    const dead = createRedisClient("redis://127.0.0.1:1");
    clients.push(dead);
    const throttle = createLoginThrottle(
      { ...options, failuresBeforeDelay: 2 },
      { redis: dead, keyPrefix: namespace.prefix },
    );
    const startedAt = Date.now();
    for (let i = 0; i < 3; i++) await throttle.recordFailure("a@x.test", from("10.0.0.1"));
    expect(seconds(await throttle.waitMs("a@x.test", from("10.0.0.1")))).toBe(2);
    expect(Date.now() - startedAt).toBeLessThan(1000);
  });
});

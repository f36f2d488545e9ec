import type { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createRedisClient, redisReady } from "../src/lib/redis.ts";
import {
  createLoginThrottle,
  type LoginThrottle,
  type LoginThrottleOptions,
} from "../src/modules/auth/login-throttle.ts";
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

/** A wrong password on `replica`: the attempt gets its turn (it must) and stays counted. */
async function fail(replica: LoginThrottle, account: string, client: { address: string }) {
  expect((await replica.begin(account, client)).waitMs).toBe(0);
}

describe("login throttle shared through Redis", () => {
  it("counts one client's attempts on every replica when they start: free failures, then the wait", async () => {
    const [a, b] = await replicas();
    for (let i = 0; i < 5; i++) await fail(i % 2 === 0 ? a : b, "a@x.test", from("10.0.0.1"));
    expect(seconds((await a.begin("a@x.test", from("10.0.0.1"))).waitMs)).toBe(1);
    expect(seconds(await b.waitMs("a@x.test", from("10.0.0.1")))).toBe(1);
    expect(await a.waitMs("a@x.test", from("10.0.0.2"))).toBe(0);

    // A burst on both replicas at once, from a fresh address: five turns, however many are sent.
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).begin("a@x.test", from("10.0.0.3"))),
    );
    expect(burst.filter((attempt) => attempt.waitMs === 0)).toHaveLength(5);

    // A sign-in on one replica forgets the client's failures on all of them.
    for (let i = 0; i < 4; i++) await fail(a, "a@x.test", from("10.0.0.4"));
    const right = await b.begin("a@x.test", from("10.0.0.4"));
    if (!("succeeded" in right)) throw new Error("refused");
    await right.succeeded();
    expect(await a.waitMs("a@x.test", from("10.0.0.4"))).toBe(0);
  });

  it("puts an account under attack across replicas: every untrusted address waits, a trusted device does not", async () => {
    const [a, b] = await replicas({ accountFailuresBeforeSlowdown: 4 });
    for (let i = 0; i < 4; i++) await fail(i % 2 === 0 ? a : b, "a@x.test", from(`10.0.1.${i}`));
    expect(seconds(await a.waitMs("a@x.test", from("192.0.2.1")))).toBe(1);
    expect(seconds(await b.waitMs("a@x.test", from("192.0.2.2")))).toBe(1);
    expect(await b.waitMs("a@x.test", { address: "192.0.2.2", trustedDevice: "phone" })).toBe(0);
    expect(await a.waitMs("b@x.test", from("192.0.2.1"))).toBe(0);
    // Redis's clock, not a fake one: the 1 s wait passes for real.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await fail(b, "a@x.test", from("192.0.2.3"));
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
    for (let i = 0; i < 2; i++) await fail(throttle, "a@x.test", from("10.0.0.1"));
    expect(seconds((await throttle.begin("a@x.test", from("10.0.0.1"))).waitMs)).toBe(1);
    expect(Date.now() - startedAt).toBeLessThan(1000);
  });
});

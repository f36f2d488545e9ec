import { describe, expect, it } from "vitest";
import { createMemoryLoginThrottle } from "./login-throttle.ts";

const options = { failuresBeforeDelay: 5, maxDelayMs: 15 * 60_000, accountFailuresBeforeSlowdown: 50 };

describe("memory login throttle", () => {
  it("gives N free failures, then doubling waits from 1 s up to the cap", () => {
    const throttle = createMemoryLoginThrottle(options);
    let now = 0;
    const waits: number[] = [];
    for (let i = 0; i < 16; i++) {
      throttle.recordFailure("a@x.test", "10.0.0.1", now);
      const wait = throttle.waitMs("a@x.test", "10.0.0.1", now);
      waits.push(wait);
      now += wait;
    }
    expect(waits).toEqual([
      0, 0, 0, 0, 1000, 2000, 4000, 8000, 16_000, 32_000, 64_000, 128_000, 256_000, 512_000, 900_000, 900_000,
    ]);
    expect(throttle.waitMs("a@x.test", "10.0.0.1", now - 1)).toBe(1);
    expect(throttle.waitMs("a@x.test", "10.0.0.2", now - 1)).toBe(0);
    expect(throttle.waitMs("b@x.test", "10.0.0.1", now - 1)).toBe(0);
  });

  it("resets a pair on success and forgets idle pairs", () => {
    const throttle = createMemoryLoginThrottle({ ...options, failuresBeforeDelay: 1, pairMemoryMs: 60_000 });
    throttle.recordFailure("a@x.test", "10.0.0.1", 0);
    expect(throttle.waitMs("a@x.test", "10.0.0.1", 0)).toBe(1000);
    throttle.recordSuccess("a@x.test", "10.0.0.1");
    expect(throttle.waitMs("a@x.test", "10.0.0.1", 0)).toBe(0);

    throttle.recordFailure("a@x.test", "10.0.0.1", 0);
    throttle.recordFailure("a@x.test", "10.0.0.1", 1000);
    expect(throttle.waitMs("a@x.test", "10.0.0.1", 1000)).toBe(2000);
    // Idle past the memory: the next failure counts as the first again.
    throttle.recordFailure("a@x.test", "10.0.0.1", 100_000);
    expect(throttle.waitMs("a@x.test", "10.0.0.1", 100_000)).toBe(1000);
  });

  it("under a spread-out attack, waits start at the first failure but a fresh address is never blocked", () => {
    const throttle = createMemoryLoginThrottle({ ...options, accountFailuresBeforeSlowdown: 3 });
    for (let i = 0; i < 3; i++) throttle.recordFailure("a@x.test", `10.0.0.${i}`, i);
    expect(throttle.waitMs("a@x.test", "192.0.2.1", 10)).toBe(0);
    throttle.recordFailure("a@x.test", "192.0.2.1", 10);
    expect(throttle.waitMs("a@x.test", "192.0.2.1", 10)).toBe(1000);
    // The account window (15 min) passes: back to N free failures.
    throttle.recordFailure("a@x.test", "192.0.2.2", 20 * 60_000);
    expect(throttle.waitMs("a@x.test", "192.0.2.2", 20 * 60_000)).toBe(0);
  });

  it("keeps memory bounded", () => {
    const throttle = createMemoryLoginThrottle({ ...options, failuresBeforeDelay: 1, maxTracked: 10 });
    for (let i = 0; i < 100; i++) throttle.recordFailure(`u${i}@x.test`, "10.0.0.1", 0);
    expect(throttle.waitMs("u0@x.test", "10.0.0.1", 0)).toBe(0);
    expect(throttle.waitMs("u99@x.test", "10.0.0.1", 0)).toBe(1000);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoffMs, createLoginThrottle, type LoginThrottle } from "./login-throttle.ts";

const options = { failuresBeforeDelay: 5, maxDelayMs: 15 * 60_000, accountFailuresBeforeSlowdown: 50 };
const from = (address: string) => ({ address });
const device = (id: string) => ({ address: "203.0.113.99", trustedDevice: id });

// The limiter's clock is Date's, and it forgets keys by timers too: both move by hand.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"], now: new Date("2026-11-26T00:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

type Client = { address: string; trustedDevice?: string };

/** A wrong password: the attempt gets its turn (it must) and stays counted as the failure it is. */
async function fail(throttle: LoginThrottle, account: string, client: Client) {
  expect((await throttle.begin(account, client)).waitMs).toBe(0);
}

/** A right password. */
async function succeed(throttle: LoginThrottle, account: string, client: Client) {
  const attempt = await throttle.begin(account, client);
  if (!("succeeded" in attempt)) throw new Error(`refused for ${attempt.waitMs} ms`);
  await attempt.succeeded();
}

/** Fails, reads the wait, waits it out; the waits seen. */
async function waitsAfterFailures(
  throttle: LoginThrottle,
  account: string,
  client: { address: string },
  n: number,
) {
  const waits: number[] = [];
  for (let i = 0; i < n; i++) {
    await fail(throttle, account, client);
    const wait = await throttle.waitMs(account, client);
    waits.push(wait);
    advance(wait);
  }
  return waits;
}

describe("backoffMs", () => {
  it("is free for the first failures, then 1 s doubling up to the cap", () => {
    expect([4, 5, 6, 7, 14, 100].map((n) => backoffMs(n, 5, 900_000))).toEqual([
      0, 1000, 2000, 4000, 512_000, 900_000,
    ]);
  });
});

describe("login throttle (in memory)", () => {
  it("gives N free failures, then doubling waits from 1 s up to the cap", async () => {
    const throttle = createLoginThrottle(options);
    const waits = await waitsAfterFailures(throttle, "a@x.test", from("10.0.0.1"), 16);
    expect(waits).toEqual([
      0, 0, 0, 0, 1000, 2000, 4000, 8000, 16_000, 32_000, 64_000, 128_000, 256_000, 512_000, 900_000, 900_000,
    ]);
    await fail(throttle, "a@x.test", from("10.0.0.1"));
    advance(899_999);
    expect(await throttle.waitMs("a@x.test", from("10.0.0.1"))).toBe(1);
    expect(await throttle.waitMs("a@x.test", from("10.0.0.2"))).toBe(0);
    expect(await throttle.waitMs("b@x.test", from("10.0.0.1"))).toBe(0);
  });

  it("forgets a client's failures when it signs in, and after a day", async () => {
    const throttle = createLoginThrottle({ ...options, failuresBeforeDelay: 1 });
    await fail(throttle, "a@x.test", from("10.0.0.1"));
    expect(await throttle.waitMs("a@x.test", from("10.0.0.1"))).toBe(1000);
    advance(1000);
    await succeed(throttle, "a@x.test", from("10.0.0.1"));
    expect(await throttle.waitMs("a@x.test", from("10.0.0.1"))).toBe(0);

    await fail(throttle, "a@x.test", from("10.0.0.1"));
    advance(1000);
    await fail(throttle, "a@x.test", from("10.0.0.1"));
    expect(await throttle.waitMs("a@x.test", from("10.0.0.1"))).toBe(2000);
    advance(25 * 3_600_000);
    await fail(throttle, "a@x.test", from("10.0.0.1"));
    expect(await throttle.waitMs("a@x.test", from("10.0.0.1"))).toBe(1000);
  });

  it("slows every address once the account is under attack, but not the owner's trusted device", async () => {
    const throttle = createLoginThrottle({ ...options, accountFailuresBeforeSlowdown: 3 });
    // Three addresses, one failure each: the third puts the account under attack.
    for (let i = 0; i < 3; i++) await fail(throttle, "a@x.test", from(`10.0.0.${i}`));
    // A fresh address now waits 1 s before its first try; the next failure doubles it for all.
    expect(await throttle.waitMs("a@x.test", from("192.0.2.1"))).toBe(1000);
    advance(1000);
    await fail(throttle, "a@x.test", from("192.0.2.2"));
    expect(await throttle.waitMs("a@x.test", from("192.0.2.3"))).toBe(2000);
    // The owner's device is not held, and the guessers' account counts nothing of its own failures.
    expect(await throttle.waitMs("a@x.test", device("phone"))).toBe(0);
    await fail(throttle, "a@x.test", device("phone"));
    expect(await throttle.waitMs("a@x.test", device("phone"))).toBe(0);
    // Another account is not affected; the account window (15 min) passing ends the attack wait.
    expect(await throttle.waitMs("b@x.test", from("192.0.2.3"))).toBe(0);
    advance(15 * 60_000);
    expect(await throttle.waitMs("a@x.test", from("192.0.2.3"))).toBe(0);
  });

  it("a trusted device gets its own N free failures, apart from the address it is on", async () => {
    const throttle = createLoginThrottle({ ...options, failuresBeforeDelay: 2 });
    const waits = await waitsAfterFailures(throttle, "a@x.test", device("laptop"), 3);
    expect(waits).toEqual([0, 1000, 2000]);
    await fail(throttle, "a@x.test", device("laptop"));
    expect(await throttle.waitMs("a@x.test", from("203.0.113.99"))).toBe(0);
  });

  it("counts an attempt when it starts: a burst at once gets the turns the same guesses one by one would", async () => {
    const throttle = createLoginThrottle({ ...options, accountFailuresBeforeSlowdown: 12 });
    // Thirty wrong guesses from one address, all begun before any has been checked: five free turns.
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => throttle.begin("a@x.test", from("10.0.0.1"))),
    );
    expect(burst.filter((a) => a.waitMs === 0)).toHaveLength(5);
    expect(burst.filter((a) => a.waitMs === 1000)).toHaveLength(25);
    // The refused ones counted nothing: after the 1 s, one more turn, then 2 s (the sixth failure).
    advance(1000);
    const sixth = await Promise.all(
      Array.from({ length: 10 }, () => throttle.begin("a@x.test", from("10.0.0.1"))),
    );
    expect(sixth.map((a) => a.waitMs).sort()).toEqual([0, ...Array(9).fill(2000)]);

    // Thirty addresses at once: the account's twelve free failures less the six above, then the wait.
    const rotating = await Promise.all(
      Array.from({ length: 30 }, (_, i) => throttle.begin("a@x.test", from(`100.64.0.${i}`))),
    );
    expect(rotating.filter((a) => a.waitMs === 0)).toHaveLength(6);
    expect(await throttle.waitMs("a@x.test", from("192.0.2.1"))).toBe(1000);
  });

  it("takes a right password, or a check that broke, back off the counts", async () => {
    const throttle = createLoginThrottle({
      ...options,
      failuresBeforeDelay: 2,
      accountFailuresBeforeSlowdown: 3,
    });
    await fail(throttle, "a@x.test", from("10.0.0.1"));
    await fail(throttle, "a@x.test", from("10.0.0.2"));
    // The owner signs in from new addresses again and again: never a failure of the account's.
    for (let i = 0; i < 5; i++) await succeed(throttle, "a@x.test", from(`192.0.2.${i}`));
    const broken = await throttle.begin("a@x.test", from("10.0.0.1"));
    if (!("abandoned" in broken)) throw new Error("refused");
    await broken.abandoned();
    expect(await throttle.waitMs("a@x.test", from("198.51.100.1"))).toBe(0);
    // The third real failure is what puts the account under attack.
    await fail(throttle, "a@x.test", from("10.0.0.3"));
    expect(await throttle.waitMs("a@x.test", from("198.51.100.1"))).toBe(1000);
  });
});

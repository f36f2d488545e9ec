import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

// Sign-in throttling by account AND address. Time moves with the app's injected clock, never by waiting.
describeEachDatabase("login throttling", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      seed: true,
      env: {
        LOGIN_FAILURES_BEFORE_DELAY: "3",
        LOGIN_MAX_DELAY_SECONDS: "60",
        LOGIN_ACCOUNT_FAILURES_BEFORE_SLOWDOWN: "20",
      },
    });
  });
  afterAll(() => t.close());

  async function login(email: string, password: string, address: string) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password },
      remoteAddress: address,
    });
    return { status: res.statusCode, body: res.json(), retryAfter: res.headers["retry-after"] };
  }
  const advanceSeconds = (seconds: number) => t.clock.advanceMinutes(seconds / 60);

  it("makes one address wait 1 s, 2 s, 4 s… after N failures for one account, right password or not", async () => {
    const email = "instructor@demo.test";
    const address = "203.0.113.10";
    for (let i = 0; i < 3; i++) expect((await login(email, "wrong", address)).status).toBe(401);

    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      // Even the right password is refused while the pair waits: a guesser learns nothing from it.
      const refused = await login(email, "demo1234", address);
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe("too_many_attempts");
      expect(refused.body.error.message).toMatch(/Too many failed sign-in attempts.*wait \d+ seconds?/);
      waits.push(Number(refused.retryAfter));
      advanceSeconds(Number(refused.retryAfter));
      expect((await login(email, "wrong", address)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);

    // Capped at LOGIN_MAX_DELAY_SECONDS.
    for (let round = 0; round < 4; round++) {
      const refused = await login(email, "wrong", address);
      advanceSeconds(Number(refused.retryAfter));
      await login(email, "wrong", address);
    }
    expect(Number((await login(email, "wrong", address)).retryAfter)).toBe(60);

    // Another address, and the same address for another account, are not held up by any of that.
    expect((await login(email, "demo1234", "203.0.113.11")).status).toBe(200);
    expect((await login("student@demo.test", "demo1234", address)).status).toBe(200);
  });

  it("forgets a pair's failures once it signs in", async () => {
    const email = "student@demo.test";
    const address = "203.0.113.20";
    for (let i = 0; i < 3; i++) expect((await login(email, "wrong", address)).status).toBe(401);
    expect((await login(email, "wrong", address)).status).toBe(429);
    advanceSeconds(1);
    expect((await login(email, "demo1234", address)).status).toBe(200);
    // Back to N free failures.
    for (let i = 0; i < 3; i++) expect((await login(email, "wrong", address)).status).toBe(401);
    expect((await login(email, "demo1234", address)).status).toBe(429);
  });

  it("never lets a stranger lock the owner (the admin) out", async () => {
    const email = "admin@demo.test";
    const stranger = "198.51.100.66";
    let failures = 0;
    while (failures < 50) {
      const res = await login(email, `guess-${failures}`, stranger);
      if (res.status === 401) failures++;
      else {
        expect(res.status).toBe(429);
        advanceSeconds(Number(res.retryAfter));
      }
    }
    expect((await login(email, "guess", stranger)).status).toBe(429);
    // The owner, from their own address, the moment after the stranger's 50th failure.
    const owner = await login(email, "demo1234", "192.0.2.1");
    expect(owner.status).toBe(200);
    expect(owner.body.user.role).toBe("ADMIN");
  });

  it("slows every address once an account sees many failures from many addresses, without blocking", async () => {
    const email = "instructor@demo.test";
    // A spread-out guess: 20 addresses, one failure each (under the per-pair threshold).
    for (let i = 0; i < 20; i++) {
      expect((await login(email, "guess", `100.64.0.${i + 1}`)).status).toBe(401);
    }
    // A fresh address is still heard at once, and the right password works.
    expect((await login(email, "demo1234", "100.64.1.1")).status).toBe(200);
    // But under attack, a wrong password earns a wait from the first failure, not the fourth.
    expect((await login(email, "typo", "100.64.1.2")).status).toBe(401);
    const slowed = await login(email, "demo1234", "100.64.1.2");
    expect(slowed.status).toBe(429);
    expect(slowed.retryAfter).toBe("1");
    advanceSeconds(1);
    expect((await login(email, "demo1234", "100.64.1.2")).status).toBe(200);
    // Other accounts are unaffected.
    for (let i = 0; i < 2; i++)
      expect((await login("student@demo.test", "typo", "100.64.1.3")).status).toBe(401);
    expect((await login("student@demo.test", "demo1234", "100.64.1.3")).status).toBe(200);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { accountTokens, users } from "../../db/schema/index.ts";
import { studentPayload } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { newOpaqueToken } from "./index.ts";

// Sign-in throttling per client and per account. The limiter's clock is Date's, moved by hand.
describeEachDatabase("login throttling", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      seed: true,
      env: {
        LOGIN_FAILURES_BEFORE_DELAY: "3",
        LOGIN_MAX_DELAY_SECONDS: "60",
        LOGIN_ACCOUNT_FAILURES_BEFORE_SLOWDOWN: "20",
        // As behind a load balancer: the client's address is the X-Forwarded-For the proxy passes on.
        TRUST_PROXY: "true",
      },
    });
    // Timeouts too: the limiter forgets a key by a timer as well as by the clock.
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });
  const advanceSeconds = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

  /** A new account of its own for each test: the account's count must start from nothing. */
  async function newAccount() {
    const payload = studentPayload();
    const res = await t.app.inject({ method: "POST", url: "/api/auth/register/student", payload });
    expect(res.statusCode).toBe(201);
    return { email: payload.email, password: payload.password };
  }

  async function login(email: string, password: string, address: string, device?: string) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password },
      headers: { "x-forwarded-for": address },
      cookies: device ? { kerb_device: device } : {},
    });
    const cookie = res.cookies.find((c) => c.name === "kerb_device");
    return { status: res.statusCode, body: res.json(), retryAfter: res.headers["retry-after"], cookie };
  }

  it("makes one address wait 1 s, 2 s, 4 s… after N failures for one account, right password or not", async () => {
    const { email, password } = await newAccount();
    const address = "203.0.113.10";
    for (let i = 0; i < 3; i++) expect((await login(email, "wrong", address)).status).toBe(401);

    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      // Even the right password is refused while the address waits: a guesser learns nothing from it.
      const refused = await login(email, password, address);
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
    expect((await login(email, password, "203.0.113.11")).status).toBe(200);
    expect((await login("student@demo.test", "demo1234", address)).status).toBe(200);
  });

  it("forgets an address's failures once it signs in", async () => {
    const { email, password } = await newAccount();
    const address = "203.0.113.20";
    for (let i = 0; i < 3; i++) expect((await login(email, "wrong", address)).status).toBe(401);
    expect((await login(email, "wrong", address)).status).toBe(429);
    advanceSeconds(1);
    expect((await login(email, password, address)).status).toBe(200);
    // Back to N free failures.
    for (let i = 0; i < 3; i++) expect((await login(email, "wrong", address)).status).toBe(401);
    expect((await login(email, password, address)).status).toBe(429);
  });

  it("300 guesses from rotating addresses: the account's wait stops all but the first 20", async () => {
    const { email, password } = await newAccount();
    const owner = await login(email, password, "192.0.2.1");
    expect(owner.cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/auth" });

    const statuses: Record<number, number> = {};
    for (let i = 0; i < 300; i++) {
      const res = await login(email, `guess-${i}`, `100.64.${i >> 8}.${i & 255}`);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
    expect(statuses).toEqual({ 401: 20, 429: 280 });

    // A fresh address waits like the guessers, even with the right password: it cannot be told apart.
    const fresh = await login(email, password, "198.51.100.7");
    expect(fresh.status).toBe(429);
    expect(Number(fresh.retryAfter)).toBe(1);
    // The owner's browser, which signed in before, is let through at once.
    const trusted = await login(email, password, "192.0.2.1", owner.cookie?.value);
    expect(trusted.status).toBe(200);
    // Its cookie is for this account only: on another account it is an ordinary address.
    const other = await newAccount();
    expect((await login(other.email, other.password, "100.64.9.9", owner.cookie?.value)).status).toBe(200);

    // Each further failure doubles the account's wait, up to the cap, from whatever address.
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const refused = await login(email, "guess", `100.65.0.${i}`);
      expect(refused.status).toBe(429);
      waits.push(Number(refused.retryAfter));
      advanceSeconds(Number(refused.retryAfter));
      expect((await login(email, "guess", `100.66.0.${i}`)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it("counts a guess when it starts: 30 at once get the turns 30 one by one would, from one address or many", async () => {
    const { email, password } = await newAccount();
    const tally = (results: Array<{ status: number }>) => {
      const counts: Record<number, number> = {};
      for (const { status } of results) counts[status] = (counts[status] ?? 0) + 1;
      return counts;
    };

    // One address: its three free failures, then it waits.
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(email, `guess-${i}`, "203.0.113.50")),
    );
    expect(tally(burst)).toEqual({ 401: 3, 429: 27 });
    expect(burst.filter((r) => r.status === 429).every((r) => r.retryAfter === "1")).toBe(true);

    // Thirty addresses at once: the account's 20 free failures (3 used above), then every one waits.
    const rotating = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(email, `guess-${i}`, `100.70.0.${i}`)),
    );
    expect(tally(rotating)).toEqual({ 401: 17, 429: 13 });

    // Under attack, each wait lets one guess through, however many are sent at once.
    for (let round = 0; round < 3; round++) {
      advanceSeconds(60);
      const wave = await Promise.all(
        Array.from({ length: 10 }, (_, i) => login(email, `wave-${round}-${i}`, `100.71.${round}.${i}`)),
      );
      expect(tally(wave), `wave ${round}`).toEqual({ 401: 1, 429: 9 });
    }

    // The owner, from a new address once the wait is over, signs in.
    advanceSeconds(60);
    expect((await login(email, password, "198.51.100.70")).status).toBe(200);
  });

  it("trusts the browser that followed a password-reset link: its sign-in is not held by the account's wait", async () => {
    const { email } = await newAccount();
    for (let i = 0; i < 20; i++) await login(email, "guess", `100.67.0.${i}`);
    expect((await login(email, "guess", "198.51.100.9")).status).toBe(429);

    // The owner, on a new device, resets the password from the emailed link (its token made here).
    const { token, hash } = newOpaqueToken();
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await t.database.db.insert(accountTokens).values({
      userId: user?.id ?? "",
      purpose: "PASSWORD_RESET",
      tokenHash: hash,
      expiresAt: new Date(t.clock.now.getTime() + 3_600_000),
    });
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: "a-new-secret-1", confirmPassword: "a-new-secret-1" },
      headers: { "x-forwarded-for": "198.51.100.9" },
    });
    expect(reset.statusCode).toBe(200);
    const device = reset.cookies.find((c) => c.name === "kerb_device");
    expect(device).toMatchObject({ httpOnly: true, path: "/api/auth" });

    expect((await login(email, "a-new-secret-1", "198.51.100.9")).status).toBe(429);
    expect((await login(email, "a-new-secret-1", "198.51.100.9", device?.value)).status).toBe(200);
  });

  it("never lets a stranger lock the owner (the admin) out of the browser they use", async () => {
    const email = "admin@demo.test";
    const signedInBefore = await login(email, "demo1234", "192.0.2.1");
    expect(signedInBefore.status).toBe(200);
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
    // The owner, from their own browser, the moment after the stranger's 50th failure.
    const owner = await login(email, "demo1234", "192.0.2.1", signedInBefore.cookie?.value);
    expect(owner.status).toBe(200);
    expect(owner.body.user.role).toBe("ADMIN");
    // From a new device they wait no longer than the cap.
    const newDevice = await login(email, "demo1234", "192.0.2.2");
    expect([200, 429]).toContain(newDevice.status);
    expect(Number(newDevice.retryAfter ?? 0)).toBeLessThanOrEqual(60);
  });
});

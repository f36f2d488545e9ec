import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { outbox } from "../../db/schema/index.ts";
import { api, instructorPayload, studentPayload } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

describeEachDatabase("auth", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
  });
  afterAll(() => t.close());

  it("logs in every demo account with its role and names", async () => {
    for (const [email, role] of [
      ["student@demo.test", "STUDENT"],
      ["instructor@demo.test", "INSTRUCTOR"],
      ["admin@demo.test", "ADMIN"],
    ] as const) {
      const res = await http.post("/api/auth/login", { email, password: "demo1234" });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ email, role });
      expect(res.body.user.firstName).toBeTruthy();
      expect(res.body.user.lastName).toBeTruthy();
      expect(res.body.accessToken.split(".")).toHaveLength(3);
      expect(res.body.refreshToken.length).toBeGreaterThan(30);
    }
  });

  it("matches emails case-insensitively at login", async () => {
    const res = await http.post("/api/auth/login", { email: "Student@Demo.TEST", password: "demo1234" });
    expect(res.status).toBe(200);
  });

  it("answers an unknown email exactly like a wrong password", async () => {
    const wrong = await http.post("/api/auth/login", { email: "student@demo.test", password: "nope" });
    const unknown = await http.post("/api/auth/login", { email: "nobody@demo.test", password: "nope" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.error.message).toBe("Invalid email or password");
  });

  it("gives the spec's login validation messages", async () => {
    const empty = await http.post("/api/auth/login", { email: "", password: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe("validation_error");
    const messages = empty.body.error.details.map((d: { message: string }) => d.message);
    expect(messages).toContain("Email is required");
    expect(messages).toContain("Password is required");
    const bad = await http.post("/api/auth/login", { email: "not-an-email", password: "x" });
    expect(bad.body.error.message).toBe("Invalid email address");
  });

  it("registers a student and returns a working session", async () => {
    const payload = studentPayload();
    const res = await http.post("/api/auth/register/student", payload);
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: payload.email, role: "STUDENT", firstName: "Lee" });
    const me = await http.get("/api/auth/me", res.body.accessToken);
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(payload.email);
    const profile = await http.get("/api/student/profile", res.body.accessToken);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ firstName: "Lee", suburb: "Parramatta", bundles: [], bookings: [] });
  });

  it("never lets registration choose a role other than the route's", async () => {
    const res = await http.post("/api/auth/register/student", studentPayload({ role: "ADMIN" }));
    expect(res.status).toBe(400);
  });

  it("registers an instructor with rates in cents and canonical suburbs", async () => {
    const res = await http.post(
      "/api/auth/register/instructor",
      instructorPayload({ standardRate: 72.5, suburbs: [" parramatta ", "", "Blacktown"] }),
    );
    expect(res.status).toBe(201);
    const profile = await http.get("/api/instructor/profile", res.body.accessToken);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      standardRate: 72.5,
      poolRate: 47.13,
      suburbs: ["Parramatta", "Blacktown"],
      languages: ["English", "Hindi"],
      vehicleType: "AUTOMATIC",
      bookings: [],
    });
  });

  it("starts a new instructor out of pool hours until they opt in from their settings", async () => {
    const res = await http.post("/api/auth/register/instructor", instructorPayload());
    expect(res.status).toBe(201);
    const token = res.body.accessToken;
    const before = await http.get("/api/instructor/availability", token);
    expect(before.status).toBe(200);
    expect(before.body.poolOptIn).toBe(false);
    const dashboard = await http.get("/api/instructor/dashboard", token);
    expect(dashboard.body.details.poolOptIn).toBe(false);

    const optIn = await http.patch("/api/instructor/settings", { poolOptIn: true }, token);
    expect(optIn.status).toBe(200);
    expect((await http.get("/api/instructor/availability", token)).body.poolOptIn).toBe(true);
  });

  it("welcomes a new instructor by email with what happens before students can book them", async () => {
    const payload = instructorPayload({ wwcNumber: undefined });
    expect((await http.post("/api/auth/register/instructor", payload)).status).toBe(201);
    const emails = await t.database.db
      .select({ kind: outbox.kind, subject: outbox.subject, text: outbox.textBody })
      .from(outbox)
      .where(eq(outbox.toEmail, payload.email));
    expect(emails).toHaveLength(1);
    const [welcome] = emails;
    expect(welcome).toMatchObject({
      kind: "instructor_welcome",
      subject: "Welcome to Kerb: what happens next",
    });
    expect(welcome?.text).toContain(
      "Kerb checks your driving instructor licence and your Working With Children check",
    );
    expect(welcome?.text).toContain("You did not give a Working With Children check number");
    expect(welcome?.text).toMatch(/set your weekly hours \(http[^)]*\/instructor\/availability\)/);
    expect(welcome?.text).toMatch(
      /You are not in pool hours: to join, turn on "Offer pool hours" under Pool hours on your availability page \(http[^)]*\/instructor\/availability\)/,
    );
    expect(welcome?.text).toMatch(/Add your ABN on your earnings page \(http[^)]*\/instructor\/earnings\)/);

    const student = studentPayload();
    expect((await http.post("/api/auth/register/student", student)).status).toBe(201);
    const toStudent = await t.database.db.select().from(outbox).where(eq(outbox.toEmail, student.email));
    expect(toStudent).toHaveLength(0);
  });

  it("refuses a duplicate email with 409, whatever its case", async () => {
    const payload = studentPayload();
    expect((await http.post("/api/auth/register/student", payload)).status).toBe(201);
    const again = await http.post(
      "/api/auth/register/instructor",
      instructorPayload({ email: payload.email.toUpperCase() }),
    );
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("email_taken");
    expect(again.body.error.message).toMatch(/already exists/);
  });

  it.each([
    [{ email: "" }, "Email is required"],
    [{ email: "bad@" }, "Invalid email address"],
    [{ password: "", confirmPassword: "" }, "Password is required"],
    [{ password: "abc", confirmPassword: "abc" }, "Password must be at least 4 characters"],
    [{ confirmPassword: "" }, "Please confirm your password"],
    [{ confirmPassword: "different" }, "Passwords do not match"],
    [{ firstName: "  " }, "First name is required"],
    [{ lastName: "" }, "Last name is required"],
    [{ phone: "" }, "Phone is required"],
    [{ suburb: "" }, "Suburb is required"],
    [{ licenseType: undefined }, "License type is required"],
    [{ experienceLevel: "EXPERT" }, "Experience level is required"],
  ])("student registration %j → %s", async (override, message) => {
    const res = await http.post("/api/auth/register/student", studentPayload(override));
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { message: string }) => d.message)).toContain(message);
  });

  it.each([
    [{ licenseNumber: "" }, "License number is required"],
    [{ vehicleType: "" }, "Vehicle type is required"],
    [{ standardRate: 29 }, "Rate must be at least $30/hour"],
    [{ standardRate: 201 }, "Rate cannot exceed $200/hour"],
    [{ languages: [] }, "At least one language is required"],
    [{ languages: [" ", ""] }, "At least one language is required"],
    [{ suburbs: [] }, "At least one suburb is required"],
  ])("instructor registration %j → %s", async (override, message) => {
    const res = await http.post("/api/auth/register/instructor", instructorPayload(override));
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { message: string }) => d.message)).toContain(message);
  });

  it("accepts the rate boundaries 30 and 200", async () => {
    for (const standardRate of [30, 200]) {
      const res = await http.post("/api/auth/register/instructor", instructorPayload({ standardRate }));
      expect(res.status).toBe(201);
    }
  });

  it("rotates refresh tokens and revokes the family when a rotated token is reused", async () => {
    const login = await http.login("student@demo.test");
    const first = await http.post("/api/auth/refresh", { refreshToken: login.refreshToken });
    expect(first.status).toBe(200);
    expect(first.body.refreshToken).not.toBe(login.refreshToken);
    const second = await http.post("/api/auth/refresh", { refreshToken: first.body.refreshToken });
    expect(second.status).toBe(200);

    // The first token again: reuse. It fails and so does the newest token of the family.
    const reuse = await http.post("/api/auth/refresh", { refreshToken: login.refreshToken });
    expect(reuse.status).toBe(401);
    const newest = await http.post("/api/auth/refresh", { refreshToken: second.body.refreshToken });
    expect(newest.status).toBe(401);

    // Another login's family is untouched.
    const other = await http.login("student@demo.test");
    expect((await http.post("/api/auth/refresh", { refreshToken: other.refreshToken })).status).toBe(200);
  });

  it("a reused refresh token revokes its own family only: another device's session goes on", async () => {
    const phone = await http.login("student@demo.test");
    const laptop = await http.login("student@demo.test");
    const rotated = await http.post("/api/auth/refresh", { refreshToken: phone.refreshToken });
    expect(rotated.status).toBe(200);
    expect((await http.post("/api/auth/refresh", { refreshToken: phone.refreshToken })).status).toBe(401);
    expect((await http.post("/api/auth/refresh", { refreshToken: rotated.body.refreshToken })).status).toBe(
      401,
    );
    // The laptop's session is another family: its refresh token still renews it.
    const renewed = await http.post("/api/auth/refresh", { refreshToken: laptop.refreshToken });
    expect(renewed.status).toBe(200);
    expect((await http.get("/api/auth/me", renewed.body.accessToken)).status).toBe(200);
  });

  it("an old refresh token presented after a password change ends nothing: the new session goes on", async () => {
    const payload = studentPayload();
    const registered = await http.post("/api/auth/register/student", payload);
    expect(registered.status).toBe(201);
    const old = registered.body as { accessToken: string; refreshToken: string };
    const changed = await http.post(
      "/api/auth/change-password",
      { currentPassword: payload.password, password: "a-new-secret-1", confirmPassword: "a-new-secret-1" },
      old.accessToken,
    );
    expect(changed.status).toBe(200);
    expect((await http.post("/api/auth/refresh", { refreshToken: old.refreshToken })).status).toBe(401);
    expect((await http.get("/api/auth/me", changed.body.accessToken)).status).toBe(200);
    expect((await http.post("/api/auth/refresh", { refreshToken: changed.body.refreshToken })).status).toBe(
      200,
    );
  });

  it("extends a session only while it is younger than a booking draft may live (2 hours)", async () => {
    const login = await http.login("student@demo.test");
    const first = await http.post("/api/auth/extend-session", { bookingInProgress: true }, login.accessToken);
    expect(first.status).toBe(200);
    // Chained: the extended token carries the session's start, not its own.
    t.clock.advanceMinutes(119);
    const second = await http.post(
      "/api/auth/extend-session",
      { bookingInProgress: true },
      first.body.accessToken,
    );
    expect(second.status).toBe(200);
    t.clock.advanceMinutes(2);
    const third = await http.post(
      "/api/auth/extend-session",
      { bookingInProgress: true },
      second.body.accessToken,
    );
    expect(third.status).toBe(401);
    // The refresh token still renews the session, and a renewed session may be extended again.
    const refreshed = await http.post("/api/auth/refresh", { refreshToken: login.refreshToken });
    expect(refreshed.status).toBe(200);
    const again = await http.post("/api/auth/extend-session", {}, refreshed.body.accessToken);
    expect(again.status).toBe(200);
  });

  it("logout revokes the refresh token", async () => {
    const login = await http.login("instructor@demo.test");
    const out = await http.post("/api/auth/logout", { refreshToken: login.refreshToken });
    expect(out.status).toBe(200);
    const res = await http.post("/api/auth/refresh", { refreshToken: login.refreshToken });
    expect(res.status).toBe(401);
  });

  it("extends a session with a fresh access token", async () => {
    const login = await http.login("student@demo.test");
    const res = await http.post("/api/auth/extend-session", { bookingInProgress: true }, login.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.accessToken).toBeTruthy();
    // Later than the app's "now" (the run's clock, days ahead of real time: test/test-clock.ts).
    expect(new Date(res.body.expiresAt).getTime()).toBeGreaterThan(t.clock.now.getTime());
    expect((await http.post("/api/auth/extend-session", { bookingInProgress: true })).status).toBe(401);
  });

  it("guards routes by token and role", async () => {
    const student = await http.login("student@demo.test");
    const instructor = await http.login("instructor@demo.test");
    const admin = await http.login("admin@demo.test");

    const none = await http.get("/api/student/profile");
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe("unauthorized");
    expect((await http.get("/api/student/profile", "garbage.token.here")).status).toBe(401);
    expect((await http.get("/api/student/profile", instructor.accessToken)).status).toBe(403);
    expect((await http.get("/api/student/profile", admin.accessToken)).status).toBe(403);
    expect((await http.get("/api/instructor/profile", student.accessToken)).status).toBe(403);
    const forbidden = await http.get("/api/instructor/profile", student.accessToken);
    expect(forbidden.body.error.code).toBe("forbidden");

    const own = await http.get("/api/instructor/profile", instructor.accessToken);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      firstName: "Daniel",
      standardRate: 75,
      poolRate: 48.75,
      vehicleType: "BOTH",
    });
    // Their own lessons, with their students' names (the demo student among the seeded reviewers).
    expect(own.body.bookings.map((b: { student: unknown }) => b.student)).toContainEqual(
      expect.objectContaining({ firstName: "Sam", lastName: "Learner" }),
    );
  });

  it("refuses a refresh token used as an access token", async () => {
    const login = await http.login("student@demo.test");
    expect((await http.get("/api/auth/me", login.refreshToken)).status).toBe(401);
  });
});

// Per-account throttling (by account and address) is tested in login-throttle.integration.test.ts.
describeEachDatabase("auth per-address request limit", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true, env: { AUTH_RATE_LIMIT_MAX: "8" } });
  });
  afterAll(() => t.close());

  it("limits login attempts per IP with a clear 429", async () => {
    const http = api(t.app);
    let last = 0;
    for (let i = 0; i < 10; i++) {
      last = (await http.post("/api/auth/login", { email: `x${i}@demo.test`, password: "wrong" })).status;
    }
    expect(last).toBe(429);
    const res = await http.post("/api/auth/login", { email: "student@demo.test", password: "demo1234" });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe("rate_limited");
  });
});

import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, expect, it } from "vitest";
import { users } from "../../db/schema/index.ts";
import { api, studentPayload } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

// Access tokens end when the server says so: logout, a role change or a deleted account takes effect on
// the next request (the token's `ver` must match users.token_version; the role comes from the database).
describeEachDatabase("access-token revocation", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
  });
  afterAll(() => t.close());

  const secret = () => new TextEncoder().encode(t.env.JWT_SECRET);
  /** A correctly signed token with whatever claims a forger (or a bug) might produce. */
  function sign(claims: Record<string, unknown>, options: { sub?: string; exp?: number | null } = {}) {
    const now = Math.floor(t.clock.now.getTime() / 1000);
    let jwt = new SignJWT({ typ: "access", ver: 0, ...claims })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(t.env.JWT_ISSUER)
      .setAudience(t.env.JWT_AUDIENCE)
      .setIssuedAt(now);
    if (options.sub !== undefined) jwt = jwt.setSubject(options.sub);
    if (options.exp !== null) jwt = jwt.setExpirationTime(options.exp ?? now + 600);
    return jwt.sign(secret());
  }

  it("refuses a token without exp, and other malformed or forged tokens", async () => {
    const admin = await http.login("admin@demo.test");
    const id = admin.user.id;
    // Control: the same forging helper with every claim right is accepted.
    expect((await http.get("/api/admin/users", await sign({ role: "ADMIN" }, { sub: id }))).status).toBe(200);

    const forged = [
      await sign({ role: "ADMIN" }, { sub: id, exp: null }),
      await sign({ role: "ADMIN" }, {}),
      await sign({ role: "ADMIN", ver: undefined }, { sub: id }),
      await sign({ role: "ADMIN", ver: "0" }, { sub: id }),
      await sign({ role: "ADMIN", ver: 1 }, { sub: id }),
      await sign({ role: "ADMIN", typ: "refresh" }, { sub: id }),
      await sign({ role: "ADMIN" }, { sub: "not-a-uuid" }),
      await sign({ role: "ADMIN" }, { sub: "00000000-0000-4000-8000-000000000000" }),
      // Wrong key.
      await new SignJWT({ typ: "access", ver: 0, role: "ADMIN" })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(id)
        .setIssuer(t.env.JWT_ISSUER)
        .setAudience(t.env.JWT_AUDIENCE)
        .setExpirationTime("10m")
        .sign(new TextEncoder().encode("another-secret-another-secret-another-secret")),
      // alg "none".
      `${Buffer.from('{"alg":"none"}').toString("base64url")}.${admin.accessToken.split(".")[1]}.`,
      // A real token with its payload swapped.
      `${admin.accessToken.split(".")[0]}.${Buffer.from(JSON.stringify({ sub: id, role: "ADMIN", typ: "access", ver: 0 })).toString("base64url")}.${admin.accessToken.split(".")[2]}`,
    ];
    for (const [i, token] of forged.entries()) {
      const res = await http.get("/api/admin/users", token);
      expect(res.status, `forged token #${i}`).toBe(401);
    }
  });

  it("takes the role from the database, not from the token", async () => {
    const student = await http.login("student@demo.test");
    const claimsAdmin = await sign({ role: "ADMIN" }, { sub: student.user.id });
    expect((await http.get("/api/admin/users", claimsAdmin)).status).toBe(403);
    expect((await http.get("/api/student/profile", claimsAdmin)).status).toBe(200);
  });

  it("ends the access token at logout, not at its expiry", async () => {
    const session = await http.login("instructor@demo.test");
    expect((await http.get("/api/instructor/profile", session.accessToken)).status).toBe(200);
    expect((await http.post("/api/auth/logout", { refreshToken: session.refreshToken })).status).toBe(200);
    const after = await http.get("/api/instructor/profile", session.accessToken);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("unauthorized");
    expect((await http.post("/api/auth/refresh", { refreshToken: session.refreshToken })).status).toBe(401);
    // Signing in again works as before.
    const again = await http.login("instructor@demo.test");
    expect((await http.get("/api/instructor/profile", again.accessToken)).status).toBe(200);
  });

  it("logs out with only a bearer token too", async () => {
    const session = await http.login("student@demo.test");
    expect((await http.post("/api/auth/logout", {}, session.accessToken)).status).toBe(200);
    expect((await http.get("/api/auth/me", session.accessToken)).status).toBe(401);
  });

  it("ends the access tokens of a refresh family whose token was replayed", async () => {
    const session = await http.login("student@demo.test");
    const rotated = await http.post("/api/auth/refresh", { refreshToken: session.refreshToken });
    expect(rotated.status).toBe(200);
    expect((await http.get("/api/auth/me", rotated.body.accessToken)).status).toBe(200);
    expect((await http.post("/api/auth/refresh", { refreshToken: session.refreshToken })).status).toBe(401);
    expect((await http.get("/api/auth/me", rotated.body.accessToken)).status).toBe(401);
  });

  it("applies a role change and a deletion on the very next request", async () => {
    const registered = await http.post("/api/auth/register/student", studentPayload());
    expect(registered.status).toBe(201);
    const token = registered.body.accessToken as string;
    const id = registered.body.user.id as string;
    expect((await http.get("/api/student/profile", token)).status).toBe(200);

    // A promotion written to the database (as an admin path would): the old token carries STUDENT,
    // the guard reads INSTRUCTOR, so student routes are closed to it at once.
    await t.database.db.update(users).set({ role: "INSTRUCTOR" }).where(eq(users.id, id));
    expect((await http.get("/api/student/profile", token)).status).toBe(403);
    // With the token version bumped as well (what admin role changes must do), the token is dead.
    await t.database.db.update(users).set({ role: "STUDENT", tokenVersion: 1 }).where(eq(users.id, id));
    expect((await http.get("/api/student/profile", token)).status).toBe(401);

    const fresh = await http.post("/api/auth/extend-session", {}, token);
    expect(fresh.status).toBe(401);
    await t.database.db.delete(users).where(eq(users.id, id));
    const relogin = await http.post("/api/auth/login", {
      email: registered.body.user.email,
      password: "secret12",
    });
    expect(relogin.status).toBe(401);
  });

  it("refuses the token of a deleted account", async () => {
    const registered = await http.post("/api/auth/register/student", studentPayload());
    const token = registered.body.accessToken as string;
    expect((await http.get("/api/auth/me", token)).status).toBe(200);
    await t.database.db.delete(users).where(eq(users.id, registered.body.user.id));
    expect((await http.get("/api/auth/me", token)).status).toBe(401);
    expect((await http.get("/api/student/profile", token)).status).toBe(401);
  });

  it("extend-session issues a token carrying the current version", async () => {
    const session = await http.login("admin@demo.test");
    const extended = await http.post(
      "/api/auth/extend-session",
      { bookingInProgress: true },
      session.accessToken,
    );
    expect(extended.status).toBe(200);
    expect((await http.get("/api/admin/users", extended.body.accessToken)).status).toBe(200);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { users } from "../db/schema/index.ts";
import { loadEnv } from "../env.ts";
import { hashPassword } from "../lib/passwords.ts";
import { insertUser } from "../modules/auth/auth.repository.ts";
import { prepareDatabase } from "../seed/prepare-database.ts";
import { api } from "../test/http.ts";
import { type SmtpInbox, startSmtpInbox } from "../test/smtp-inbox.ts";
import {
  createTestApp,
  createTestDatabase,
  describeEachDatabase,
  NO_BACKGROUND_JOBS,
  type TestApp,
  type TestDatabase,
} from "../test/test-app.ts";
import { scaled } from "../test/time-scale.ts";

describeEachDatabase("demo data seeding", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(() => db.drop());

  const userCount = async () => (await db.handle.db.select({ n: count() }).from(users))[0]?.n;

  it(
    kind === "pglite"
      ? "seeds the embedded database unless SEED_DEMO_DATA=false"
      : "seeds a DATABASE_URL server only with SEED_DEMO_DATA=true",
    async () => {
      const base = kind === "pglite" ? {} : { DATABASE_URL: process.env.TEST_DATABASE_URL ?? "" };
      const off = kind === "pglite" ? { SEED_DEMO_DATA: "false" } : {};
      const on = kind === "pglite" ? {} : { SEED_DEMO_DATA: "true" };
      expect(await prepareDatabase(loadEnv({ ...base, ...off }), db.handle, new Date())).toBe("not-wanted");
      expect(await userCount()).toBe(0);
      expect(await prepareDatabase(loadEnv({ ...base, ...on }), db.handle, new Date())).toBe("seeded");
      expect(await userCount()).toBeGreaterThan(3);
      expect(await prepareDatabase(loadEnv({ ...base, ...on }), db.handle, new Date())).toBe(
        "already-present",
      );
    },
    scaled(120_000),
  ); // The demo history is made through the use cases (db/seed-history.ts): seconds, more on a busy machine.
});

// request.ip decides the rate-limit buckets; it does not depend on the database, so PGlite only.
describe("TRUST_PROXY and the per-address auth rate limit [pglite]", () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });
  async function appWith(env: Record<string, string>) {
    // One at a time: the last app's database goes back to the worker's pool for this one (test/
    // pglite-pool.ts) instead of a new PGlite booting from the snapshot for each of the five.
    await apps.pop()?.close();
    const t = await createTestApp("pglite", { env: { AUTH_RATE_LIMIT_MAX: "2", ...env } });
    apps.push(t);
    return t.app;
  }
  async function attempt(app: FastifyInstance, forwardedFor: string, i: number) {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: `nobody${i}@example.com`, password: "wrong" },
      headers: { "x-forwarded-for": forwardedFor },
    });
    return res.statusCode;
  }

  it("gives two clients behind a trusted proxy separate buckets", async () => {
    for (const trust of ["true", "1", "127.0.0.0/8, 10.0.0.0/8"]) {
      const app = await appWith({ TRUST_PROXY: trust });
      expect([await attempt(app, "203.0.113.1", 1), await attempt(app, "203.0.113.1", 2)], trust).toEqual([
        401, 401,
      ]);
      expect(await attempt(app, "203.0.113.1", 3), trust).toBe(429);
      expect(await attempt(app, "203.0.113.2", 4), trust).toBe(401);
    }
  });

  it("ignores X-Forwarded-For without TRUST_PROXY, or from an untrusted hop: one shared bucket", async () => {
    for (const env of [{}, { TRUST_PROXY: "10.0.0.0/8" }] as Record<string, string>[]) {
      const app = await appWith(env);
      expect(await attempt(app, "203.0.113.1", 1)).toBe(401);
      expect(await attempt(app, "203.0.113.2", 2)).toBe(401);
      expect(await attempt(app, "203.0.113.3", 3), JSON.stringify(env)).toBe(429);
    }
  });
});

describe("source maps are never served [pglite]", () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), "kerb-web-"));
    mkdirSync(join(web, "assets"));
    writeFileSync(join(web, "index.html"), "<!doctype html><title>Kerb</title><div id=root></div>");
    writeFileSync(join(web, "assets", "app-abc123.js"), "console.log('kerb')\n//# sourceMappingURL=x");
    writeFileSync(join(web, "assets", "app-abc123.js.map"), '{"version":3,"sources":["secret.ts"]}');
    writeFileSync(join(web, "root.js.map"), '{"version":3,"sources":["secret.ts"]}');
    t = await createTestApp("pglite", { env: { WEB_DIST_DIR: web } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  it("answers 404 for /assets/*.map even though the file exists, and serves the assets", async () => {
    expect((await t.app.inject({ url: "/assets/app-abc123.js" })).statusCode).toBe(200);
    for (const url of [
      "/assets/app-abc123.js.map",
      "/assets/APP-abc123.js.MAP",
      "/root.js.map",
      "/assets/gone.js",
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain("secret.ts");
      expect(res.body, url).not.toContain("<div id=root>");
    }
    const head = await t.app.inject({ method: "HEAD", url: "/assets/app-abc123.js.map" });
    expect(head.statusCode).toBe(404);
    // Deep links still reach the app.
    expect((await t.app.inject({ url: "/student/book" })).statusCode).toBe(200);
  });
});

describeEachDatabase("Cache-Control on personal answers", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), "kerb-web-"));
    mkdirSync(join(web, "assets"));
    writeFileSync(join(web, "index.html"), "<!doctype html><div id=root></div>");
    writeFileSync(join(web, "assets", "app-abc123.js"), "console.log('kerb')");
    t = await createTestApp(kind, { seed: true, env: { WEB_DIST_DIR: web } });
    http = api(t.app);
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  it("marks every authenticated /api answer and every token-carrying auth answer no-store", async () => {
    const login = await http.post("/api/auth/login", { email: "student@demo.test", password: "demo1234" });
    expect(login.headers["cache-control"]).toBe("no-store");
    const student = login.body.accessToken as string;
    const admin = (await http.login("admin@demo.test")).accessToken;
    const instructor = (await http.login("instructor@demo.test")).accessToken;
    const refreshed = await http.post("/api/auth/refresh", { refreshToken: login.body.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers["cache-control"]).toBe("no-store");

    const personal: [string, string][] = [
      ["/api/auth/me", student],
      ["/api/student/profile", student],
      ["/api/student/instructors?suburb=Parramatta", student],
      ["/api/instructor/profile", instructor],
      ["/api/instructor/availability", instructor],
      ["/api/admin/users", admin],
      ["/api/admin/payments", admin],
    ];
    for (const [url, token] of personal) {
      const res = await http.get(url, token);
      expect(res.status, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
    // Errors to a credentialed request too (a 403 says which role the caller has).
    const forbidden = await http.get("/api/admin/users", student);
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers["cache-control"]).toBe("no-store");
    const badToken = await http.get("/api/student/profile", "not.a.token");
    expect(badToken.headers["cache-control"]).toBe("no-store");
  });

  it("leaves public answers their own caching", async () => {
    const health = await http.get("/api/health");
    expect(health.status).toBe(200);
    expect(health.headers["cache-control"]).not.toBe("no-store");
    const asset = await t.app.inject({ url: "/assets/app-abc123.js" });
    expect(asset.headers["cache-control"]).toMatch(/immutable/);
    const page = await t.app.inject({ url: "/student/book" });
    expect(page.headers["cache-control"]).not.toBe("no-store");
  });
});

describeEachDatabase("logs carry no secrets or personal data", (kind) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];
  const secretEmail = "secret.person@example.com";
  const secretPhone = "0499 123 987";
  const password = "correct horse battery staple";
  let passwordHash = "";
  let dataDir = "";
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    // The demo data (admin@demo.test signs in below), copied rather than seeded here: seeding took ~20 s.
    db = await createTestDatabase(kind, { seeded: true });
    passwordHash = await hashPassword(password);
    dataDir = mkdtempSync(join(tmpdir(), "kerb-log-"));
    const env = loadEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "debug",
      DATA_DIR: dataDir,
      JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
      SMTP_URL: inbox.url,
      ...NO_BACKGROUND_JOBS,
    });
    app = await buildApp({ env, database: db.handle, logStream: { write: (line) => void lines.push(line) } });
    const person = { email: secretEmail, passwordHash, role: "STUDENT" as const, lastName: "Person" };
    // Real failing INSERTs through the real repository: the errors carry every parameter.
    app.get("/test/insert-null", async () => {
      await insertUser(db.handle.db, { ...person, firstName: null as unknown as string, phone: secretPhone });
    });
    app.get("/test/insert-nul", async () => {
      await insertUser(db.handle.db, { ...person, firstName: "Secret", phone: `${secretPhone}\u0000` });
    });
    app.get("/test/insert-twice", async () => {
      await insertUser(db.handle.db, { ...person, firstName: "Secret", phone: secretPhone });
      await insertUser(db.handle.db, { ...person, firstName: "Secret", phone: secretPhone });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await inbox.close();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("logs a failed INSERT's error without its parameters, detail or hash", async () => {
    expect((await app.inject({ url: "/test/insert-null" })).statusCode).toBe(500);
    expect((await app.inject({ url: "/test/insert-nul" })).statusCode).toBe(400);
    expect((await app.inject({ url: "/test/insert-twice" })).statusCode).toBe(409);
    const http = api(app);
    const admin = await http.login("admin@demo.test");
    await http.get(`/api/admin/users?search=${encodeURIComponent(secretEmail)}`, admin.accessToken);
    await http.post("/api/auth/login", { email: secretEmail, password });
    await http.post("/api/auth/logout", { refreshToken: admin.refreshToken }, admin.accessToken);

    const log = lines.join("");
    // The errors were logged, with what an operator needs: the SQL, the SQLSTATE, the constraint.
    expect(log).toContain('"msg":"request failed"');
    expect(log).toContain('"code":"23502"');
    expect(log).toContain('"code":"23505"');
    expect(log).toContain('insert into \\"users\\"');
    expect(log).toContain("params: [redacted]");
    // …and none of the values.
    for (const secret of [
      passwordHash,
      "$argon2id$",
      secretEmail,
      secretEmail.split("@")[0] ?? "",
      secretPhone,
      password,
      admin.accessToken,
      admin.refreshToken,
      "demo1234",
    ]) {
      expect(log.includes(secret), `log contains ${secret}`).toBe(false);
    }
  });

  it("logs a guardian invitation's token and a calendar feed's token as [redacted], however spelt", async () => {
    const http = api(app);
    const student = await http.login("student@demo.test");
    const invitee = "token.in.logs@example.test";
    expect((await http.post("/api/student/guardians", { email: invitee }, student.accessToken)).status).toBe(
      201,
    );
    // The link as the invitee received it.
    let token = "";
    await expect
      .poll(
        async () => {
          const [mail] = await inbox.to(invitee);
          token = /\/guardian\/accept\?token=([A-Za-z0-9_-]+)/.exec(mail?.parsed.text ?? "")?.[1] ?? "";
          return token.length;
        },
        { timeout: scaled(10_000) },
      )
      .toBeGreaterThan(20);
    const instructor = await http.login("instructor@demo.test");
    const { url: feed } = (
      await http.post("/api/instructor/calendar-token", undefined, instructor.accessToken)
    ).body;
    const feedToken = /\/api\/calendar\/(.+)\.ics$/.exec(feed)?.[1] ?? "";
    expect(feedToken.length).toBeGreaterThan(20);

    lines.length = 0;
    // The router decodes each segment and ignores a trailing slash: each spelling reaches the route.
    const spelt = `${token.slice(0, 4)}%${token.charCodeAt(4).toString(16)}${token.slice(5)}`;
    for (const path of [
      `/api/guardian/invitations/${token}`,
      `/api/guardian/invitations/${token}/`,
      `/api/guardian/invit%61tions/${spelt}?from=email`,
    ]) {
      expect((await http.get(path)).status, path).toBe(200);
    }
    for (const path of [feed, `${feed}/`, feed.replace("/calendar/", "/c%61lendar/")]) {
      expect((await http.get(path)).status, path).toBe(200);
    }
    // The fixed routes beside the token one keep their names.
    await http.post("/api/guardian/invitations/accept", { token: "x" });

    const log = lines.join("");
    expect(log).toContain('"url":"/api/guardian/invitations/[redacted]"');
    expect(log).toContain('"url":"/api/guardian/invitations/[redacted]?from=~"');
    expect(log).toContain('"url":"/api/calendar/[redacted].ics"');
    expect(log).toContain('"url":"/api/guardian/invitations/accept"');
    for (const secret of [token, token.slice(5), feedToken]) {
      expect(log.includes(secret), `log contains ${secret}`).toBe(false);
    }
  });
});

describe("a production start without PUBLIC_URL [pglite]", () => {
  it("warns that links in emails would point at localhost, and is quiet once it is set", async () => {
    const db = await createTestDatabase("pglite");
    const base = {
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
      WEB_DIST_DIR: tmpdir(),
    };
    const warnings = async (env: Record<string, string>) => {
      const lines: string[] = [];
      const app = await buildApp({
        env: loadEnv({ ...base, ...env }),
        database: db.handle,
        logStream: { write: (line) => void lines.push(line) },
      });
      await app.close();
      return lines.join("");
    };
    try {
      expect(await warnings({})).toContain(
        "PUBLIC_URL is not set: links in emails and payment return addresses say http://localhost:3000",
      );
      expect(await warnings({ PUBLIC_URL: "https://kerb.example" })).not.toContain("PUBLIC_URL");
    } finally {
      await db.drop();
    }
  });
});

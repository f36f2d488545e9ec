import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../test/test-app.ts";

describeEachDatabase("platform", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // A stand-in web build, so SPA fallback is tested without building the web app first.
    const web = mkdtempSync(join(tmpdir(), "kerb-web-"));
    mkdirSync(join(web, "assets"));
    writeFileSync(join(web, "index.html"), "<!doctype html><title>Kerb</title><div id=root></div>");
    writeFileSync(join(web, "assets", "app-abc123.js"), "console.log('kerb')");
    t = await createTestApp(kind, { env: { WEB_DIST_DIR: web, BODY_LIMIT_BYTES: "2048" } });
  });
  afterAll(() => t.close());

  it("reports health with the database", async () => {
    const res = await api(t.app).get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", db: "ok" });
  });

  it("answers unknown API routes with a JSON 404, never the web app", async () => {
    for (const url of ["/api/nope", "/api/student/nope", "/api"]) {
      const res = await api(t.app).get(url);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    const post = await api(t.app).post("/api/unknown", {});
    expect(post.status).toBe(404);
  });

  it("serves the web app for deep links and its fingerprinted assets", async () => {
    for (const url of ["/", "/student/book", "/payment/confirmed?payment_id=x"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.body).toContain("<div id=root>");
    }
    const asset = await t.app.inject({ url: "/assets/app-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toMatch(/immutable/);
  });

  it("turns malformed and oversized bodies into 4xx JSON errors", async () => {
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"email": "a@b.c", ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe("bad_request");

    const wrongTypes = await api(t.app).post("/api/auth/login", { email: 42, password: ["x"] });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.error.code).toBe("validation_error");

    const missing = await api(t.app).post("/api/auth/register/student", {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.length).toBeGreaterThan(3);

    const huge = await api(t.app).post("/api/auth/login", { email: "a@b.co", password: "x".repeat(5000) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe("payload_too_large");

    const text = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "text/plain" },
      payload: "hello",
    });
    expect(text.statusCode).toBe(415);

    const arrayBody = await api(t.app).post("/api/auth/refresh", [1, 2]);
    expect(arrayBody.status).toBe(400);
    const nullBody = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      headers: { "content-type": "application/json" },
      payload: "null",
    });
    expect(nullBody.statusCode).toBe(400);
  });

  it("publishes OpenAPI generated from the schemas", async () => {
    const doc = await t.app.inject({ url: "/api/docs/json" });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(["/api/auth/login", "/api/student/profile"]),
    );
    const ui = await t.app.inject({ url: "/api/docs" });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it("sets security headers", async () => {
    const res = await t.app.inject({ url: "/api/health" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("health when the database is down", () => {
  it("answers 503 with db down", async () => {
    const t = await createTestApp("pglite");
    await t.database.close();
    const res = await api(t.app).get("/api/health");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: "degraded", db: "down" });
    await t.app.close();
  });
});

import { afterAll, beforeAll, expect, it } from "vitest";
import { type Http, startSeededApp } from "../test/seeded-app.ts";
import { describeEachDatabase, type TestApp } from "../test/test-app.ts";

// The fuzzer's only 500s: dates Sydney's time rules cannot place (before 1895, or year 9999 + 1 day).
describeEachDatabase("admin date filters out of range", (kind) => {
  let t: TestApp;
  let http: Http;
  let token: string;
  beforeAll(async () => {
    ({ t, http } = await startSeededApp(kind));
    token = (await http.login("admin@demo.test")).accessToken;
  });
  afterAll(() => t.close());

  it.each([
    "/api/admin/bookings?from=1800-01-01",
    "/api/admin/bookings?to=9999-12-31",
    "/api/admin/bookings?from=1894-12-31&to=2026-01-01",
    "/api/admin/audit-log?from=0001-01-01",
    "/api/admin/audit-log?to=9999-12-31",
    "/api/admin/reconciliation?month=1800-01",
    "/api/admin/reconciliation?month=9999-12",
  ])("%s is a 400 that says which dates work", async (url) => {
    const res = await http.get(url, token);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(JSON.stringify(res.body.error)).toMatch(/between (01\/)?(01\/)?1900 and (31\/)?12\/2999/);
  });

  it.each([
    "/api/admin/bookings?from=1900-01-01&to=2999-12-31",
    "/api/admin/audit-log?from=1900-01-01&to=2999-12-31",
    "/api/admin/reconciliation?month=2999-12",
  ])("%s, at the edges, answers", async (url) => {
    expect((await http.get(url, token)).status).toBe(200);
  });
});

/** The operator console's audit log (GET /api/admin/audit-log). */
import { addDaysToDate, sydneyTodayDate } from "@kerb/shared/rules";
import { afterAll, beforeAll, expect, it } from "vitest";
import { newInstructor, userIdByEmail } from "../../test/fixtures/instructor-fixtures.ts";
import { api, instructorPayload } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const messages = (body: { error: { details?: Array<{ message: string }> } }) =>
  (body.error.details ?? []).map((d) => d.message).join(" | ");

describeEachDatabase("admin: audit log", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let adminToken: string;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    adminToken = (await http.login("admin@demo.test")).accessToken;
    adminId = await userIdByEmail(t.database.db, "admin@demo.test");
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const registerPending = async (overrides: Record<string, unknown> = {}) => {
    const res = await http.post("/api/auth/register/instructor", instructorPayload(overrides));
    expect(res.status).toBe(201);
    return res.body.user.id as string;
  };

  it("refuses the audit log without a token (401) and to students and instructors (403)", async () => {
    const student = await http.login("student@demo.test");
    const instructor = await http.login("instructor@demo.test");
    const routes: Array<["GET", string]> = [["GET", "/api/admin/audit-log"]];
    for (const [method, url] of routes) {
      const call = (token?: string) =>
        t.app.inject({
          method,
          url,
          ...(method === "GET" ? {} : { payload: { reason: "x" } }),
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      expect((await call()).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(student.accessToken)).statusCode, `${method} ${url} student`).toBe(403);
      expect((await call(instructor.accessToken)).statusCode, `${method} ${url} instructor`).toBe(403);
    }
  });

  it("lists the audit log newest first with the acting admin", async () => {
    const id = await registerPending();
    // Entries are ordered by time: move the clock so these two are the newest, in this order.
    t.clock.advanceMinutes(1);
    await http.post(`/api/admin/instructors/${id}/reject`, { reason: "First look" }, adminToken);
    t.clock.advanceMinutes(1);
    const expiry = addDaysToDate(sydneyTodayDate(t.clock.now), 365);
    await http.post(
      `/api/admin/instructors/${id}/verify`,
      { licenseNumberChecked: true, licenseExpiresOn: expiry, wwcExpiresOn: expiry },
      adminToken,
    );
    const res = await http.get("/api/admin/audit-log?pageSize=2", adminToken);
    expect(res.status).toBe(200);
    expect(res.body.pageSize).toBe(2);
    expect(res.body.items).toHaveLength(2);
    expect(res.body.items[0]).toMatchObject({
      action: "instructor.verify",
      targetType: "instructor",
      targetId: id,
      actor: { id: adminId, email: "admin@demo.test", firstName: "Alex", lastName: "Admin" },
      createdAt: t.clock.now.toISOString(),
    });
    expect(res.body.items[1]).toMatchObject({
      action: "instructor.reject",
      details: { reason: "First look" },
    });
    const page2 = await http.get("/api/admin/audit-log?page=2&pageSize=1", adminToken);
    expect(page2.body.items[0].id).toBe(res.body.items[1].id);
    expect(page2.body.total).toBe(res.body.total);
  });

  it("filters the audit log by actor, action and date range, and pages the result", async () => {
    const ivy = await newInstructor(http, db(), { firstName: "Audrey", lastName: "Auditlog" });
    const ivyToken = ivy.token;
    t.clock.advanceMinutes(1);
    // The Sydney days the entries fall on: one, or two when the suite runs across midnight there.
    const firstDay = sydneyTodayDate(t.clock.now);
    // A minute apart: the log lists newest first.
    for (const body of [{ standardRate: 91 }, { poolOptIn: false }, { standardRate: 92 }]) {
      expect((await http.patch("/api/instructor/settings", body, ivyToken)).status).toBe(200);
      t.clock.advanceMinutes(1);
    }
    const get = (query: string) => http.get(`/api/admin/audit-log?${query}`, adminToken);

    const mine = await get("actor=audrey%20auditlog&pageSize=2");
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(3);
    expect(mine.body.items.map((e: { action: string }) => e.action)).toEqual([
      "instructor.rate_change",
      "instructor.pool_opt_in_change",
    ]);
    expect(mine.body.items[0]).toMatchObject({
      targetId: ivy.id,
      details: { before: { standardRateCents: 9100 }, after: { standardRateCents: 9200 } },
      actor: { id: ivy.id, email: ivy.email },
    });
    const page2 = await get("actor=auditlog&pageSize=2&page=2");
    expect(page2.body.items.map((e: { action: string }) => e.action)).toEqual(["instructor.rate_change"]);

    const rates = await get(`actor=${encodeURIComponent(ivy.email)}&action=instructor.rate_change`);
    expect(rates.body.total).toBe(2);
    const family = await get(`actor=${encodeURIComponent(ivy.email)}&action=instructor.`);
    expect(family.body.total).toBe(3);

    const lastDay = sydneyTodayDate(t.clock.now);
    const inRange = await get(`actor=auditlog&from=${firstDay}&to=${lastDay}`);
    expect(inRange.body.total).toBe(3);
    const before = await get(`actor=auditlog&to=${addDaysToDate(firstDay, -1)}`);
    expect(before.body.total).toBe(0);
    const bad = await get(`from=${lastDay}&to=${addDaysToDate(lastDay, -1)}`);
    expect(bad.status).toBe(400);
    expect((await get("action=DROP%20TABLE")).status).toBe(400);
  });

  it.each([["/api/admin/audit-log?pageSize=0", "pageSize must be at least 1"]])(
    "rejects %s with a 400 JSON error",
    async (url, message) => {
      const res = await http.get(url, adminToken);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(messages(res.body)).toContain(message);
    },
  );
});

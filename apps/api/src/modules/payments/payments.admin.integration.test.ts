/** The operator console's payment search (GET /api/admin/payments). */
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  addHours,
  insertLesson,
  insertPaidLesson,
  newStudent,
  readBooking,
  userIdByEmail,
} from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const messages = (body: { error: { details?: Array<{ message: string }> } }) =>
  (body.error.details ?? []).map((d) => d.message).join(" | ");

describeEachDatabase("admin: payments", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    adminToken = (await http.login("admin@demo.test")).accessToken;
  });
  afterAll(() => t.close());

  const db = () => t.database.db;

  it("refuses the payment search without a token (401) and to students and instructors (403)", async () => {
    const student = await http.login("student@demo.test");
    const instructor = await http.login("instructor@demo.test");
    const routes: Array<["GET", string]> = [["GET", "/api/admin/payments"]];
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

  it("lists payments with their payer, filtered by status and provider", async () => {
    const payer = await newStudent(http, { firstName: "Paula", lastName: "Payer" });
    // A year ahead: clear of the demo instructor's seeded lessons.
    const lesson = {
      studentId: payer.id,
      instructorId: await userIdByEmail(db(), "instructor@demo.test"),
      start: addHours(t.clock.now, 24 * 365),
    };
    const { paymentId: paid } = await insertPaidLesson(db(), {
      ...lesson,
      priceCents: 15000,
      provider: "stripe",
    });
    const held = await insertLesson(db(), {
      ...lesson,
      start: addHours(lesson.start, 2),
      priceCents: 7000,
      status: "PENDING_PAYMENT",
    });
    const pending = (await readBooking(db(), held)).paymentId;

    const res = await http.get("/api/admin/payments?provider=stripe&status=paid", adminToken);
    expect(res.status).toBe(200);
    expect(res.body.items.find((p: { id: string }) => p.id === paid)).toMatchObject({
      type: "BOOKINGS",
      status: "PAID",
      provider: "stripe",
      subtotal: 150,
      gst: 15,
      amount: 165,
      refunded: 0,
      user: { id: payer.id, firstName: "Paula", lastName: "Payer" },
    });
    expect(
      res.body.items.every(
        (p: { provider: string; status: string }) => p.provider === "stripe" && p.status === "PAID",
      ),
    ).toBe(true);
    const pendingList = await http.get("/api/admin/payments?status=PENDING", adminToken);
    expect(pendingList.body.items.map((p: { id: string }) => p.id)).toContain(pending);
    expect(pendingList.body.items.map((p: { id: string }) => p.id)).not.toContain(paid);
    const all = await http.get("/api/admin/payments?pageSize=100", adminToken);
    expect(all.body.total).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ["/api/admin/payments?status=STOLEN", "status must be one of"],
    ["/api/admin/payments?provider=paypal", "provider must be one of demo, stripe"],
  ])("rejects %s with a 400 JSON error", async (url, message) => {
    const res = await http.get(url, adminToken);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(messages(res.body)).toContain(message);
  });
});

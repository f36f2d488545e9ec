import { addDaysToDate, sydneyTodayDate } from "@kerb/shared/rules";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLog } from "../../db/schema/index.ts";
import {
  addHours,
  insertBundle,
  insertLesson,
  insertPaidLesson,
  newInstructor,
  readBooking,
  readBundle,
  readPayment,
  userIdByEmail,
} from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const messages = (body: { error: { details?: Array<{ message: string }> } }) =>
  (body.error.details ?? []).map((d) => d.message).join(" | ");

describeEachDatabase("admin console: lessons", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let adminToken: string;
  let adminId: string;
  let studentId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    adminToken = (await http.login("admin@demo.test")).accessToken;
    adminId = await userIdByEmail(t.database.db, "admin@demo.test");
    studentId = await userIdByEmail(t.database.db, "student@demo.test");
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const auditFor = (targetId: string) =>
    db().select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(desc(auditLog.createdAt));

  it("refuses the admin lesson routes without a token (401) and to students and instructors (403)", async () => {
    const student = await http.login("student@demo.test");
    const instructor = await http.login("instructor@demo.test");
    const routes: Array<["GET" | "POST" | "PATCH", string]> = [
      ["GET", "/api/admin/bookings"],
      ["POST", `/api/admin/bookings/${UNKNOWN_ID}/cancel`],
    ];
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

  it.each([
    ["/api/admin/bookings?status=LOST", "status must be one of"],
    ["/api/admin/bookings?from=2026-13-01", "Not a real calendar date"],
    ["/api/admin/bookings?from=yesterday", "Use the format YYYY-MM-DD"],
    ["/api/admin/bookings?from=2026-03-10&to=2026-03-01", "from must be on or before to"],
    ["/api/admin/bookings?instructorId=42", "instructorId must be a UUID"],
  ])("rejects %s with a 400 JSON error", async (url, message) => {
    const res = await http.get(url, adminToken);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(messages(res.body)).toContain(message);
  });

  // Bookings --------------------------------------------------------------------------------------

  it("lists bookings with student and instructor names, filtered and newest first", async () => {
    const ivy = await newInstructor(http, db(), { firstName: "Bianca", lastName: "Booker" });
    const day = addDaysToDate(sydneyTodayDate(t.clock.now), 20);
    const { sydneyWallTimeToInstant } = await import("@kerb/shared/rules");
    const at = (date: string, h: number) => sydneyWallTimeToInstant(date, h * 60) as Date;
    const a = await insertLesson(db(), { studentId, instructorId: ivy.id, start: at(day, 9) });
    const b = await insertLesson(db(), { studentId, instructorId: ivy.id, start: at(day, 23) });
    const c = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: at(addDaysToDate(day, 1), 0),
    });
    const d = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: at(addDaysToDate(day, 2), 9),
      status: "CANCELLED",
    });

    const all = await http.get(`/api/admin/bookings?instructorId=${ivy.id}`, adminToken);
    expect(all.status).toBe(200);
    expect(all.body.items.map((x: { id: string }) => x.id)).toEqual([d, c, b, a]);
    expect(all.body.items[3]).toMatchObject({
      status: "SCHEDULED",
      price: 80,
      student: { id: studentId, firstName: "Sam", lastName: "Learner", email: "student@demo.test" },
      instructor: { id: ivy.id, firstName: "Bianca", lastName: "Booker" },
    });
    // from/to are whole Sydney days, both inclusive.
    const oneDay = await http.get(
      `/api/admin/bookings?instructorId=${ivy.id}&from=${day}&to=${day}`,
      adminToken,
    );
    expect(oneDay.body.items.map((x: { id: string }) => x.id)).toEqual([b, a]);
    const from = await http.get(
      `/api/admin/bookings?instructorId=${ivy.id}&from=${addDaysToDate(day, 1)}`,
      adminToken,
    );
    expect(from.body.items.map((x: { id: string }) => x.id)).toEqual([d, c]);
    const cancelled = await http.get(
      `/api/admin/bookings?instructorId=${ivy.id}&status=cancelled`,
      adminToken,
    );
    expect(cancelled.body).toMatchObject({ total: 1, items: [{ id: d, status: "CANCELLED" }] });
    const paged = await http.get(`/api/admin/bookings?instructorId=${ivy.id}&page=2&pageSize=3`, adminToken);
    expect(paged.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(paged.body.items.map((x: { id: string }) => x.id)).toEqual([a]);
  });

  it("cancels a card-paid booking with a full refund and an audit entry", async () => {
    const ivy = await newInstructor(http, db());
    const { id, paymentId } = await insertPaidLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(t.clock.now, 3),
      priceCents: 6499,
    });
    const res = await http.post(
      `/api/admin/bookings/${id}/cancel`,
      { reason: "Instructor unwell" },
      adminToken,
    );
    // A full refund gives back the price and the GST charged on it: 64.99 + 6.50.
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ refund: 71.49, bundleCreditReturned: false });
    expect(res.body.booking).toMatchObject({ id, status: "CANCELLED", cancelledBy: "ADMIN", refund: 71.49 });
    expect(await readBooking(db(), id)).toMatchObject({
      status: "CANCELLED",
      cancelledBy: "ADMIN",
      refundCents: 7149,
    });
    expect((await readPayment(db(), paymentId)).refundedCents).toBe(7149);
    const [entry] = await auditFor(id);
    expect(entry).toMatchObject({
      actorId: adminId,
      action: "booking.cancel",
      targetType: "booking",
      details: {
        cancelledBy: "ADMIN",
        reason: "Instructor unwell",
        refundCents: 7149,
        bundleCreditReturned: false,
      },
    });

    const again = await http.post(`/api/admin/bookings/${id}/cancel`, undefined, adminToken);
    expect(again.status).toBe(409);
    expect((await readPayment(db(), paymentId)).refundedCents).toBe(7149);
    expect(await auditFor(id)).toHaveLength(1);
  });

  it("cancels a bundle-paid booking by returning the credit", async () => {
    const ivy = await newInstructor(http, db());
    const bundle = await insertBundle(db(), { studentId, totalLessons: 10, usedLessons: 10 });
    const id = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(t.clock.now, 1),
      bundleId: bundle.id,
    });
    const res = await http.post(`/api/admin/bookings/${id}/cancel`, undefined, adminToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ refund: 0, bundleCreditReturned: true });
    expect((await readBundle(db(), bundle.id)).usedLessons).toBe(9);
    expect((await readBooking(db(), id)).refundCents).toBe(0);
  });

  it("refuses to cancel past, completed or unknown bookings", async () => {
    const ivy = await newInstructor(http, db());
    const { id: started } = await insertPaidLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(t.clock.now, -0.5),
    });
    expect((await http.post(`/api/admin/bookings/${started}/cancel`, undefined, adminToken)).status).toBe(
      409,
    );
    const completed = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(t.clock.now, -48),
      status: "COMPLETED",
    });
    const res = await http.post(`/api/admin/bookings/${completed}/cancel`, undefined, adminToken);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/this lesson is completed/);
    expect((await http.post(`/api/admin/bookings/${UNKNOWN_ID}/cancel`, undefined, adminToken)).status).toBe(
      404,
    );
    expect((await http.post("/api/admin/bookings/123/cancel", undefined, adminToken)).status).toBe(400);
    expect(await auditFor(started)).toHaveLength(0);
    expect(await auditFor(completed)).toHaveLength(0);
  });
});

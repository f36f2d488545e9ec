import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLog } from "../../db/schema/index.ts";
import { demoProvider } from "../../platform/card-provider/payment-provider.ts";
import {
  addHours,
  addMinutes,
  insertBundle,
  insertLesson,
  insertPaidLesson,
  newInstructor,
  newStudent,
  readBooking,
  readBundle,
  readPayment,
  userIdByEmail,
} from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { createTransact } from "../../unit-of-work.ts";
import { cancelLessonWithRefund } from "./lesson-cancellation.ts";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describeEachDatabase("instructor portal: lessons", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let demoToken: string;
  let studentId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    demoToken = (await http.login("instructor@demo.test")).accessToken;
    studentId = await userIdByEmail(t.database.db, "student@demo.test");
  });
  afterAll(() => t.close());

  const db = () => t.database.db;

  it("lists upcoming and past lessons with student contact, paged", async () => {
    const ivy = await newInstructor(http, db());
    // A student of its own: the demo student's seeded lessons sit at times relative to today's clock.
    const { id: studentId } = await newStudent(http, { firstName: "Sam", phone: "0412 345 678" });
    const now = t.clock.now;
    const future1 = await insertLesson(db(), { studentId, instructorId: ivy.id, start: addHours(now, 30) });
    const future2 = await insertLesson(db(), { studentId, instructorId: ivy.id, start: addHours(now, 5) });
    const inProgress = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addMinutes(now, -30),
    });
    const endedUnmarked = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(now, -5),
    });
    const completed = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(now, -50),
      status: "COMPLETED",
    });
    const cancelled = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(now, 70),
      status: "CANCELLED",
    });
    await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(now, 90),
      status: "PENDING_PAYMENT",
    });
    await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(now, 95),
      status: "EXPIRED",
    });

    const upcoming = await http.get("/api/instructor/lessons?scope=upcoming", ivy.token);
    expect(upcoming.status).toBe(200);
    expect(upcoming.body.items.map((l: { id: string }) => l.id)).toEqual([inProgress, future2, future1]);
    expect(upcoming.body).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(upcoming.body.items[0]).toMatchObject({
      price: 80,
      status: "SCHEDULED",
      suburb: "Parramatta",
      pickupLocation: "12 Church St",
      paidWithBundle: false,
      refund: null,
      student: { firstName: "Sam", lastName: "Learner", phone: "0412 345 678" },
    });
    // The default scope is upcoming.
    expect((await http.get("/api/instructor/lessons", ivy.token)).body.total).toBe(3);

    const past = await http.get("/api/instructor/lessons?scope=past", ivy.token);
    expect(past.body.items.map((l: { id: string }) => l.id)).toEqual([cancelled, endedUnmarked, completed]);

    const page2 = await http.get("/api/instructor/lessons?scope=past&page=2&pageSize=2", ivy.token);
    expect(page2.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.body.items.map((l: { id: string }) => l.id)).toEqual([completed]);
  });

  it.each([
    ["scope=later", "scope must be upcoming or past"],
    ["pageSize=101", "pageSize cannot exceed 100"],
    ["page=0", "page starts at 1"],
    ["page=abc", "page must be a whole number"],
    ["pageSize=2.5", "pageSize must be a whole number"],
  ])("rejects the lessons query %s with 400", async (query, message) => {
    const res = await http.get(`/api/instructor/lessons?${query}`, demoToken);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(res.body.error.details.map((d: { message: string }) => d.message)).toContain(message);
  });

  it("marks a lesson completed only once it has ended", async () => {
    const ivy = await newInstructor(http, db());
    // A student of their own: one student cannot be in two lessons at once, and the suite shares one.
    const studentId = (await newStudent(http)).id;
    const id = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addMinutes(t.clock.now, -30),
    });

    const early = await http.post(`/api/instructor/lessons/${id}/complete`, undefined, ivy.token);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("invalid_state");
    expect(early.body.error.message).toMatch(/once it has ended/);
    expect((await http.post(`/api/instructor/lessons/${id}/no-show`, undefined, ivy.token)).status).toBe(409);
    expect((await readBooking(db(), id)).status).toBe("SCHEDULED");

    t.clock.advanceMinutes(31);
    const done = await http.post(`/api/instructor/lessons/${id}/complete`, undefined, ivy.token);
    expect(done.status).toBe(200);
    expect(done.body.lesson).toMatchObject({
      id,
      status: "COMPLETED",
      completedAt: t.clock.now.toISOString(),
    });
    const row = await readBooking(db(), id);
    expect(row.status).toBe("COMPLETED");
    expect(row.completedAt?.toISOString()).toBe(t.clock.now.toISOString());

    const again = await http.post(`/api/instructor/lessons/${id}/complete`, undefined, ivy.token);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/this lesson is completed/);
    expect((await http.post(`/api/instructor/lessons/${id}/no-show`, undefined, ivy.token)).status).toBe(409);

    // Audited once, with the instructor as actor and the status before and after.
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: ivy.id,
      action: "booking.complete",
      details: { before: { status: "SCHEDULED" }, after: { status: "COMPLETED" } },
    });
  });

  it("quotes what marking a lesson taught pays: the share, and GST on top for a GST-registered instructor", async () => {
    const gina = await newInstructor(
      http,
      db(),
      { firstName: "Gina" },
      { abn: "53004085616", gstRegistered: true },
    );
    const uma = await newInstructor(http, db(), { firstName: "Uma" });
    const studentId = (await newStudent(http)).id;
    const start = addHours(t.clock.now, -2);
    const ginas = await insertPaidLesson(db(), { studentId, instructorId: gina.id, start, priceCents: 8000 });
    const other = (await newStudent(http)).id;
    const umas = await insertPaidLesson(db(), {
      studentId: other,
      instructorId: uma.id,
      start,
      priceCents: 8000,
    });
    const listed = async (token: string, id: string) => {
      const res = await http.get("/api/instructor/lessons?scope=past", token);
      expect(res.status).toBe(200);
      return res.body.items.find((l: { id: string }) => l.id === id);
    };
    // $80: share $60.00, and $6.00 GST only for the registered instructor (rules/instructor-pay.ts).
    expect((await listed(gina.token, ginas.id)).payIfTaught).toEqual({ earns: 60, gst: 6 });
    expect((await listed(uma.token, umas.id)).payIfTaught).toEqual({ earns: 60, gst: 0 });

    const done = await http.post(`/api/instructor/lessons/${ginas.id}/complete`, undefined, gina.token);
    expect(done.status).toBe(200);
    expect(done.body.lesson).toMatchObject({ status: "COMPLETED", payIfTaught: null, instructorShare: 60 });
  });

  it("marks a no-show only once the lesson has ended", async () => {
    const ivy = await newInstructor(http, db());
    // A student of their own: one student cannot be in two lessons at once, and the suite shares one.
    const studentId = (await newStudent(http)).id;
    const future = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(t.clock.now, 3),
    });
    const ended = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(t.clock.now, -2),
    });
    expect((await http.post(`/api/instructor/lessons/${future}/no-show`, undefined, ivy.token)).status).toBe(
      409,
    );
    const res = await http.post(`/api/instructor/lessons/${ended}/no-show`, undefined, ivy.token);
    expect(res.status).toBe(200);
    expect(res.body.lesson).toMatchObject({ status: "NO_SHOW", completedAt: null });
    expect((await readBooking(db(), ended)).status).toBe("NO_SHOW");
    const complete = await http.post(`/api/instructor/lessons/${ended}/complete`, undefined, ivy.token);
    expect(complete.status).toBe(409);
    expect(complete.body.error.message).toMatch(/no show/);
  });

  it("cancels a future card-paid lesson with a full refund, recorded in the audit log", async () => {
    const ivy = await newInstructor(http, db());
    // A student of their own: one student cannot be in two lessons at once, and the suite shares one.
    const studentId = (await newStudent(http)).id;
    const { id, paymentId } = await insertPaidLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(t.clock.now, 5),
      priceCents: 7655,
    });
    const before = await readPayment(db(), paymentId);

    const res = await http.post(
      `/api/instructor/lessons/${id}/cancel`,
      { reason: "Car off the road" },
      ivy.token,
    );
    // A full refund gives back the price and the GST charged on it: 76.55 + 7.66.
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ refund: 84.21, bundleCreditReturned: false });
    expect(res.body.lesson).toMatchObject({
      id,
      status: "CANCELLED",
      cancelledBy: "INSTRUCTOR",
      refund: 84.21,
    });

    const row = await readBooking(db(), id);
    expect(row).toMatchObject({ status: "CANCELLED", cancelledBy: "INSTRUCTOR", refundCents: 8421 });
    expect(row.cancelledAt?.toISOString()).toBe(t.clock.now.toISOString());
    expect((await readPayment(db(), paymentId)).refundedCents).toBe(before.refundedCents + 8421);

    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: ivy.id,
      action: "booking.cancel",
      targetType: "booking",
      details: { cancelledBy: "INSTRUCTOR", refundCents: 8421, bundleCreditReturned: false },
    });

    // A second cancel changes nothing and refunds nothing twice.
    const again = await http.post(
      `/api/instructor/lessons/${id}/cancel`,
      { reason: "Car off the road" },
      ivy.token,
    );
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("invalid_state");
    expect((await readPayment(db(), paymentId)).refundedCents).toBe(before.refundedCents + 8421);
  });

  it("cancels a bundle-paid lesson by returning the credit, not money", async () => {
    const ivy = await newInstructor(http, db());
    // A student of their own: one student cannot be in two lessons at once, and the suite shares one.
    const studentId = (await newStudent(http)).id;
    const bundle = await insertBundle(db(), { studentId, totalLessons: 5, usedLessons: 3 });
    const id = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(t.clock.now, 30),
      bundleId: bundle.id,
      priceCents: 7000,
    });
    const res = await http.post(
      `/api/instructor/lessons/${id}/cancel`,
      { reason: "Car off the road" },
      ivy.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ refund: 0, bundleCreditReturned: true });
    expect(res.body.lesson).toMatchObject({ paidWithBundle: true, refund: 0 });
    expect((await readBundle(db(), bundle.id)).usedLessons).toBe(2);
    expect((await readBooking(db(), id)).refundCents).toBe(0);
    expect((await readPayment(db(), bundle.paymentId)).refundedCents).toBe(0);
  });

  it("refuses to cancel a lesson that has started or is not scheduled", async () => {
    const ivy = await newInstructor(http, db());
    // A student of their own: one student cannot be in two lessons at once, and the suite shares one.
    const studentId = (await newStudent(http)).id;
    const { id: started, paymentId } = await insertPaidLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addMinutes(t.clock.now, -10),
    });
    const res = await http.post(
      `/api/instructor/lessons/${started}/cancel`,
      { reason: "Car off the road" },
      ivy.token,
    );
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/can no longer be cancelled/);
    expect((await readBooking(db(), started)).status).toBe("SCHEDULED");
    expect((await readPayment(db(), paymentId)).refundedCents).toBe(0);

    const completed = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(t.clock.now, -30),
      status: "COMPLETED",
    });
    expect(
      (
        await http.post(
          `/api/instructor/lessons/${completed}/cancel`,
          { reason: "Car off the road" },
          ivy.token,
        )
      ).status,
    ).toBe(409);
  });

  it("cancelLessonWithRefund leaves nothing behind when the caller's transaction rolls back", async () => {
    const ivy = await newInstructor(http, db());
    // A student of their own: one student cannot be in two lessons at once, and the suite shares one.
    const studentId = (await newStudent(http)).id;
    const bundle = await insertBundle(db(), { studentId, totalLessons: 5, usedLessons: 1 });
    const bundleLesson = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(t.clock.now, 10),
      bundleId: bundle.id,
    });
    const paid = await insertPaidLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(t.clock.now, 12),
    });
    const ctx = { db: db(), now: () => t.clock.now, env: t.env, payments: demoProvider, log: t.app.log };
    await expect(
      createTransact(ctx)(async (uow) => {
        await cancelLessonWithRefund(uow, {
          bookingId: bundleLesson,
          cancelledBy: "ADMIN",
          now: t.clock.now,
        });
        await cancelLessonWithRefund(uow, { bookingId: paid.id, cancelledBy: "ADMIN", now: t.clock.now });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await readBooking(db(), bundleLesson)).status).toBe("SCHEDULED");
    expect((await readBooking(db(), paid.id)).status).toBe("SCHEDULED");
    expect((await readBundle(db(), bundle.id)).usedLessons).toBe(1);
    expect((await readPayment(db(), paid.paymentId)).refundedCents).toBe(0);
  });

  it("refunds once when the same lesson is cancelled twice at the same moment", async () => {
    const ivy = await newInstructor(http, db());
    // A student of their own: one student cannot be in two lessons at once, and the suite shares one.
    const studentId = (await newStudent(http)).id;
    const { id, paymentId } = await insertPaidLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(t.clock.now, 8),
    });
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        http.post(`/api/instructor/lessons/${id}/cancel`, { reason: "Car off the road" }, ivy.token),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await readPayment(db(), paymentId)).refundedCents).toBe(8800); // 80.00 + 8.00 GST, once
  });

  it("answers 404 for another instructor's lesson on every lesson action, and changes nothing", async () => {
    const owner = await newInstructor(http, db());
    const intruder = await newInstructor(http, db());
    const ended = await insertLesson(db(), {
      studentId,
      instructorId: owner.id,
      start: addHours(t.clock.now, -3),
    });
    const { id: future, paymentId } = await insertPaidLesson(db(), {
      studentId,
      instructorId: owner.id,
      start: addHours(t.clock.now, 20),
    });
    for (const [id, action] of [
      [ended, "complete"],
      [ended, "no-show"],
      [future, "cancel"],
    ] as const) {
      // A cancel says why (else 400 before any lookup); the others take no body.
      const body = action === "cancel" ? { reason: "Car off the road" } : undefined;
      const res = await http.post(`/api/instructor/lessons/${id}/${action}`, body, intruder.token);
      expect(res.status, action).toBe(404);
      expect(res.body.error).toMatchObject({ code: "not_found", message: "Lesson not found" });
      // An id that exists nowhere answers exactly the same.
      const unknown = await http.post(
        `/api/instructor/lessons/${UNKNOWN_ID}/${action}`,
        body,
        intruder.token,
      );
      expect(unknown.body).toEqual(res.body);
    }
    expect((await readBooking(db(), ended)).status).toBe("SCHEDULED");
    expect((await readBooking(db(), future)).status).toBe("SCHEDULED");
    expect((await readPayment(db(), paymentId)).refundedCents).toBe(0);
    // Nor do the owner's lessons show up in the intruder's lists or dashboard.
    const lists = await Promise.all([
      http.get("/api/instructor/lessons?scope=upcoming", intruder.token),
      http.get("/api/instructor/lessons?scope=past", intruder.token),
    ]);
    expect(lists.map((l) => l.body.total)).toEqual([0, 0]);
    expect((await http.get("/api/instructor/dashboard", intruder.token)).body.upcoming).toEqual([]);
  });

  it("rejects a malformed lesson id with 400", async () => {
    const res = await http.post("/api/instructor/lessons/not-a-uuid/complete", undefined, demoToken);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
  });
});

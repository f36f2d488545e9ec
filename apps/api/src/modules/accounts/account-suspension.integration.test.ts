/**
 * Suspending and reactivating an account (POST /api/admin/users/:id/suspend | /reactivate): sessions end
 * at once, sign-in and refresh are refused with 403 account_suspended, a suspended instructor is not
 * listed, and every lesson still to come is cancelled by ADMIN with a full refund.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLog, bookings, outbox, users } from "../../db/schema/index.ts";
import { holdLesson, weekdayAhead } from "../../test/booking-fixtures.ts";
import { studentPayload } from "../../test/http.ts";
import { anInstructor, aStudentWithPaidLesson } from "../../test/scenarios.ts";
import { type Http, startSeededApp } from "../../test/seeded-app.ts";
import { describeEachDatabase, type TestApp } from "../../test/test-app.ts";

describeEachDatabase("admin: suspending accounts", (kind) => {
  let t: TestApp;
  let http: Http;
  let admin: { accessToken: string; user: { id: string } };

  beforeAll(async () => {
    ({ t, http } = await startSeededApp(kind));
    admin = await http.login("admin@demo.test");
  });
  afterAll(() => t.close());

  /** A listed instructor teaching Sydney CBD on weekdays 9–17, and a student who booked and paid a lesson. */
  async function instructorWithBookedStudent() {
    const instructor = await anInstructor(t, { suburbs: ["Sydney CBD"] });
    const date = weekdayAhead(t.clock.now, 5);
    const { student, lesson } = await aStudentWithPaidLesson(t, { date, instructor });
    return { instructor, student, lesson, date };
  }

  const suspend = (
    userId: string,
    reason: unknown = "Repeated no-shows reported",
    token = admin.accessToken,
  ) => http.post(`/api/admin/users/${userId}/suspend`, { reason }, token);
  const reactivate = (userId: string, reason: unknown = "Spoke with them", token = admin.accessToken) =>
    http.post(`/api/admin/users/${userId}/reactivate`, { reason }, token);

  it("suspends a student: sessions end, sign-in and refresh say why, future lessons are cancelled and refunded", async () => {
    const { student, lesson, instructor } = await instructorWithBookedStudent();
    expect((await http.get("/api/auth/me", student.accessToken)).status).toBe(200);

    const res = await suspend(student.user.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user: { id: student.user.id, suspendedReason: "Repeated no-shows reported" },
      lessonsCancelled: 1,
      refunded: lesson.amount,
    });
    expect(res.body.user.suspendedAt).toBe(t.clock.now.toISOString());

    // The access token already out stops working at once; the refresh token is refused with the reason.
    expect((await http.get("/api/auth/me", student.accessToken)).status).toBe(401);
    const refresh = await http.post("/api/auth/refresh", { refreshToken: student.refreshToken });
    expect(refresh.status).toBe(403);
    expect(refresh.body.error.code).toBe("account_suspended");
    const login = await http.post("/api/auth/login", { email: student.email, password: "secret12" });
    expect(login.status).toBe(403);
    expect(login.body.error).toEqual({
      code: "account_suspended",
      message:
        "Your account is suspended, so you can't sign in. If you think this is a mistake, reply to any email from Kerb and we'll look into it.",
    });
    // A wrong password still says only that: the suspension is not told to a stranger.
    const wrong = await http.post("/api/auth/login", { email: student.email, password: "nope-nope" });
    expect(wrong.status).toBe(401);

    // The lesson: cancelled by ADMIN, the whole charge going back to the card; both parties emailed.
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, lesson.id));
    expect(row).toMatchObject({
      status: "CANCELLED",
      cancelledBy: "ADMIN",
      refundCents: Math.round(lesson.amount * 100),
    });
    const emails = await t.database.db
      .select({ to: outbox.toEmail, text: outbox.textBody })
      .from(outbox)
      .where(eq(outbox.dedupeKey, `lesson-cancelled:${lesson.id}:student`));
    expect(emails).toHaveLength(1);
    // The admin's own words stay in the audit log, not in the email to the other party.
    expect(emails[0]?.text).not.toContain("Repeated no-shows");
    expect(
      await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `lesson-cancelled:${lesson.id}:instructor`)),
    ).toHaveLength(1);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.suspend"), eq(auditLog.targetId, student.user.id)));
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      targetType: "user",
      details: {
        reason: "Repeated no-shows reported",
        before: { suspended: false },
        after: { suspended: true },
        lessonsCancelled: 1,
        refundCents: Math.round(lesson.amount * 100),
      },
    });
    expect(instructor.id).toBeTruthy();

    // Reactivated: they sign in again; nothing comes back by itself.
    const back = await reactivate(student.user.id);
    expect(back.status).toBe(200);
    expect(back.body.user).toMatchObject({ suspendedAt: null, suspendedReason: null });
    expect((await http.post("/api/auth/login", { email: student.email, password: "secret12" })).status).toBe(
      200,
    );
    const [after] = await t.database.db.select().from(bookings).where(eq(bookings.id, lesson.id));
    expect(after?.status).toBe("CANCELLED");
    const [reactivation] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.reactivate"), eq(auditLog.targetId, student.user.id)));
    expect(reactivation?.details).toEqual({
      reason: "Spoke with them",
      before: { suspended: true, suspendedReason: "Repeated no-shows reported" },
      after: { suspended: false },
    });
  });

  it("suspends an instructor: unlisted (no search result, no slots, no booking), their lessons cancelled", async () => {
    const { instructor, student, lesson, date } = await instructorWithBookedStudent();
    const listed = async () =>
      (await http.get("/api/student/instructors?suburb=Sydney%20CBD", student.accessToken)).body.map(
        (i: { id: string }) => i.id,
      );
    const slots = () =>
      http.get(
        `/api/student/slots?suburb=Sydney%20CBD&startDate=${date}&endDate=${date}&instructorId=${instructor.id}`,
        student.accessToken,
      );
    expect(await listed()).toContain(instructor.id);
    const open = (await slots()).body;
    expect(open.length).toBeGreaterThan(0);

    const res = await suspend(instructor.id, "Licence under investigation");
    expect(res.status).toBe(200);
    expect(res.body.lessonsCancelled).toBe(1);
    expect(await listed()).not.toContain(instructor.id);
    // Their slots are not offered: an unlisted instructor is not found, as for any delisting.
    expect((await slots()).body.error.code).toBe("not_found");
    const pool = await http.get(
      `/api/student/slots?suburb=Sydney%20CBD&startDate=${date}&endDate=${date}`,
      student.accessToken,
    );
    expect(pool.body.filter((s: { instructorId: string }) => s.instructorId === instructor.id)).toEqual([]);
    const booking = await http.post(
      "/api/student/bookings/batch",
      {
        bookings: [
          {
            instructorId: instructor.id,
            startTime: open[0].startTime,
            endTime: open[0].endTime,
            price: open[0].price,
            isPoolHours: open[0].isPoolHours,
            pickupLocation: "1 Martin Place",
          },
        ],
      },
      student.accessToken,
    );
    expect(booking.status).toBeGreaterThanOrEqual(400);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, lesson.id));
    expect(row).toMatchObject({ status: "CANCELLED", cancelledBy: "ADMIN" });
    // The instructor cannot sign in either.
    const login = await http.post("/api/auth/login", { email: instructor.email, password: "secret12" });
    expect(login.body.error.code).toBe("account_suspended");

    // The admin's instructor list says so.
    const adminList = await http.get(
      `/api/admin/instructors?search=${encodeURIComponent(instructor.email)}`,
      admin.accessToken,
    );
    expect(adminList.body.items[0].suspended).toBe(true);
    expect(adminList.body.items[0].compliance.reasons).toContain("SUSPENDED");

    expect((await reactivate(instructor.id)).status).toBe(200);
    expect(await listed()).toContain(instructor.id);
  });

  it("lets go of unpaid checkouts with a suspended instructor: the slot is free, paying later books nothing", async () => {
    const { instructor, date } = await instructorWithBookedStudent();
    const other = await http.post("/api/auth/register/student", studentPayload({ suburb: "Sydney CBD" }));
    expect(other.status).toBe(201);
    const held = await holdLesson(http, other.body.accessToken, { date, instructorId: instructor.id });

    const res = await suspend(instructor.id);
    expect(res.status).toBe(200);
    const [lesson] = await t.database.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.paymentId, held.paymentId));
    expect(lesson?.status).toBe("EXPIRED");
    const confirm = await http.post(
      `/api/student/bookings/batch/confirm/${held.paymentId}`,
      undefined,
      other.body.accessToken,
    );
    expect(confirm.status).toBe(409);
    const [entry] = await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.suspend"), eq(auditLog.targetId, instructor.id)));
    expect(entry?.details).toMatchObject({ checkoutsReleased: 1 });
  });

  it("requires a reason, refuses a second suspension, your own account, and non-admins", async () => {
    const payload = studentPayload();
    const registered = await http.post("/api/auth/register/student", payload);
    const id: string = registered.body.user.id;

    const noReason = await suspend(id, "  ");
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.details).toEqual([{ path: "reason", message: "Give a reason" }]);
    expect((await http.post(`/api/admin/users/${id}/suspend`, {}, admin.accessToken)).status).toBe(400);

    expect((await reactivate(id)).status).toBe(409);
    expect((await suspend(id)).status).toBe(200);
    const again = await suspend(id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("This account is already suspended");

    expect((await suspend(admin.user.id)).status).toBe(409);
    expect((await suspend("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const student = await http.login("student@demo.test");
    expect((await suspend(id, "x", student.accessToken)).status).toBe(403);
    expect((await http.post(`/api/admin/users/${id}/suspend`, { reason: "x" })).status).toBe(401);

    // The user list shows the state.
    const list = await http.get(
      `/api/admin/users?search=${encodeURIComponent(payload.email as string)}`,
      admin.accessToken,
    );
    expect(list.body.items[0]).toMatchObject({ suspendedReason: "Repeated no-shows reported" });
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(stored?.suspendedAt).not.toBeNull();
  });
});

/**
 * Lessons taught while their instructor could not teach (decision 031), over HTTP: an instructor
 * rejected mid-week is paid for what they taught before and not for what they taught after; those
 * lessons get no "mark your lesson" email, wait on the admin's list, and are paid or refunded (with the
 * ledger posting and the audit entry) one by one.
 */
import { addDaysToDate } from "@kerb/shared/rules";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLog, cardRefunds, outbox } from "../../db/schema/index.ts";
import {
  addHours,
  insertBundle,
  insertLesson,
  newInstructor,
  newStudent,
  readBooking,
} from "../../test/fixtures/instructor-fixtures.ts";
import { insertOutcome, periodAt, sydneyAt } from "../../test/fixtures/payout-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { listUnmarkedLessonsEndedBetween } from "./emails/notice-rows.ts";

describeEachDatabase("held lessons: taught while the instructor could not teach", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let admin: string;
  let rex: { id: string; token: string };
  let student: { id: string; token: string };
  let start: Date;
  const ids = { before: "", refunded: "", unmarked: "", credit: "", undecided: "" };

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    admin = (await http.login("admin@demo.test")).accessToken;
    rex = await newInstructor(http, t.database.db, { firstName: "Rex", lastName: "Rejected" });
    student = await newStudent(http, { firstName: "Lou", lastName: "Learner" });
    start = t.clock.now;
    const { tuesday } = periodAt(start);
    const wednesday = addDaysToDate(tuesday, 1);
    const lesson = (at: Date, status: "COMPLETED" | "SCHEDULED", priceCents = 8000) =>
      insertOutcome(t.database.db, {
        studentId: student.id,
        instructorId: rex.id,
        start: at,
        status,
        priceCents,
      });
    ids.before = await lesson(sydneyAt(tuesday, 9), "COMPLETED");
    ids.refunded = await lesson(sydneyAt(tuesday, 14), "COMPLETED");
    ids.unmarked = await lesson(sydneyAt(wednesday, 9), "SCHEDULED");
    ids.undecided = await lesson(sydneyAt(wednesday, 15), "COMPLETED", 9000);
    const bundle = await insertBundle(t.database.db, {
      studentId: student.id,
      totalLessons: 5,
      usedLessons: 1,
      pricePerLessonCents: 7000,
      instructorId: rex.id,
    });
    ids.credit = await insertLesson(t.database.db, {
      studentId: student.id,
      instructorId: rex.id,
      start: sydneyAt(wednesday, 11),
      status: "COMPLETED",
      priceCents: 7000,
      bundleId: bundle.id,
    });

    // The admin rejects Rex at noon on Tuesday, between his morning and his afternoon lesson.
    t.clock.now = sydneyAt(tuesday, 12);
    const rejected = await http.post(
      `/api/admin/instructors/${rex.id}/reject`,
      { reason: "Licence suspended by Transport for NSW" },
      admin,
    );
    expect(rejected.status).toBe(200);
    t.clock.now = start;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("pays what was taught before the rejection and nothing after", async () => {
    const run = await http.post("/api/admin/payouts/run", undefined, admin);
    expect(run.status).toBe(200);
    const payout = run.body.payouts.find((p: { instructorId: string }) => p.instructorId === rex.id);
    // Only Tuesday 09:00: $80 → $60.00.
    expect(payout).toMatchObject({ lessons: 1, amount: 60 });

    const mine = await http.get("/api/instructor/payouts", rex.token);
    // Held: $80 (Tue 14:00) + $70 credit + $90 → shares $60.00 + $52.50 + $67.50; the unmarked one earns nothing yet.
    expect(mine.body.held).toMatchObject({ lessons: 3, net: 180, total: 180 });
    expect(mine.body.unpaid).toMatchObject({ lessons: 0, net: 0 });
  });

  it("does not ask the instructor to mark a lesson taught after the rejection", async () => {
    const lesson = await readBooking(t.database.db, ids.unmarked);
    const window = { from: addHours(lesson.endTime, -1), to: start };
    const due = await listUnmarkedLessonsEndedBetween(t.database.db, window);
    expect(due.map((r) => r.id)).not.toContain(ids.unmarked);
  });

  it("lists the held lessons for the admin, oldest first, with why", async () => {
    const list = await http.get("/api/admin/held-lessons", admin);
    expect(list.status).toBe(200);
    const mine = list.body.items.filter((l: { instructor: { id: string } }) => l.instructor.id === rex.id);
    expect(mine.map((l: { id: string }) => l.id)).toEqual([
      ids.refunded,
      ids.unmarked,
      ids.credit,
      ids.undecided,
    ]);
    expect(mine[0]).toMatchObject({
      status: "COMPLETED",
      price: 80,
      instructorShare: 60,
      paidWith: "CARD",
      reason: "REJECTED",
      reasonText: "taught after the instructor was rejected or delisted",
      student: { firstName: "Lou" },
    });
    expect(mine[2]).toMatchObject({ paidWith: "BUNDLE", price: 70 });

    expect((await http.get("/api/admin/held-lessons", rex.token)).status).toBe(403);
    expect((await http.get("/api/admin/held-lessons?page=0", admin)).status).toBe(400);
  });

  it("refunds a held lesson: card refund with GST, earning reversed, lesson cancelled, audited", async () => {
    const res = await http.post(
      `/api/admin/held-lessons/${ids.refunded}/decision`,
      { decision: "REFUND", note: "Taught after rejection; student refunded" },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: ids.refunded,
      decision: "REFUND",
      status: "CANCELLED",
      refund: 88,
      bundleCreditReturned: false,
    });
    const row = await readBooking(t.database.db, ids.refunded);
    expect(row).toMatchObject({ status: "CANCELLED", cancelledBy: "ADMIN", keptCents: 0, refundCents: 8800 });
    const [refund] = await t.database.db
      .select()
      .from(cardRefunds)
      .where(eq(cardRefunds.bookingId, ids.refunded));
    expect(refund).toMatchObject({ amountCents: 8800, gstCents: 800, reason: "HELD_LESSON" });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "booking.held_refund"), eq(auditLog.targetId, ids.refunded)));
    expect(entry?.details).toMatchObject({
      decision: "REFUND",
      refundCents: 8800,
      before: { status: "COMPLETED" },
    });

    const balance = await http.get("/api/admin/ledger/balance", admin);
    expect(balance.body).toMatchObject({ balanced: true, totalCents: 0 });
    const mine = await http.get("/api/instructor/payouts", rex.token);
    expect(mine.body.held).toMatchObject({ lessons: 2, net: 120 });

    // Both hear what happened to a taught lesson, not an ordinary cancellation's words.
    const emails = await t.database.db
      .select({ kind: outbox.kind, to: outbox.toEmail, text: outbox.textBody })
      .from(outbox)
      .where(eq(outbox.dedupeKey, `held-lesson-refunded:${ids.refunded}:student`));
    expect(emails).toHaveLength(1);
    expect(emails[0]?.kind).toBe("held_lesson_refunded");
    expect(emails[0]?.text).toContain("$88.00 (including $8.00 GST) goes back to the card");
    const [toRex] = await t.database.db
      .select({ kind: outbox.kind, text: outbox.textBody })
      .from(outbox)
      .where(eq(outbox.dedupeKey, `held-lesson-refunded:${ids.refunded}:instructor`));
    expect(toRex?.text).toContain("taught after Kerb rejected or delisted you");
    expect(toRex?.text).toContain("Your earning for this lesson ($60.00) has been reversed");
    const cancelled = await t.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.kind, "lesson_cancelled"), eq(outbox.toEmail, emails[0]?.to ?? "")));
    expect(cancelled).toHaveLength(0);
  });

  it("pays a held lesson at the next run once the admin decides so, and decides each lesson once", async () => {
    const note = { decision: "PAY", note: "Bundle lesson taught before the instructor was told" };
    const res = await http.post(`/api/admin/held-lessons/${ids.credit}/decision`, note, admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ decision: "PAY", status: "COMPLETED", refund: 0 });
    const again = await http.post(`/api/admin/held-lessons/${ids.credit}/decision`, note, admin);
    expect(again.status).toBe(409);
    const notHeld = await http.post(`/api/admin/held-lessons/${ids.before}/decision`, note, admin);
    expect(notHeld.status).toBe(409);
    expect(notHeld.body.error.code).toBe("invalid_state");
    const bad = await http.post(
      `/api/admin/held-lessons/${ids.credit}/decision`,
      { decision: "MAYBE", note: "x" },
      admin,
    );
    expect(bad.status).toBe(400);
    const missing = await http.post(
      "/api/admin/held-lessons/00000000-0000-4000-8000-000000000000/decision",
      note,
      admin,
    );
    expect(missing.status).toBe(404);

    // A week on, the run pays the released credit lesson ($70 → $52.50) and still not the undecided $90 one.
    t.clock.now = addHours(start, 7 * 24);
    const run = await http.post("/api/admin/payouts/run", undefined, admin);
    t.clock.now = start;
    const payout = run.body.payouts.find((p: { instructorId: string }) => p.instructorId === rex.id);
    expect(payout).toMatchObject({ lessons: 1, amount: 52.5 });
  });

  it("a lesson released unmarked is nudged to be marked again", async () => {
    const res = await http.post(
      `/api/admin/held-lessons/${ids.unmarked}/decision`,
      { decision: "PAY", note: "Confirmed with the student it happened" },
      admin,
    );
    expect(res.status).toBe(200);
    const lesson = await readBooking(t.database.db, ids.unmarked);
    const due = await listUnmarkedLessonsEndedBetween(t.database.db, {
      from: addHours(lesson.endTime, -1),
      to: start,
    });
    expect(due.map((r) => r.id)).toContain(ids.unmarked);
  });
});

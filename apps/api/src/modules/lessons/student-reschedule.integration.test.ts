import { sydneyWallTimeToInstant } from "@kerb/shared/rules";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { auditLog } from "../../db/schema/index.ts";
import {
  asBooking,
  freshWeekdays,
  holdLesson,
  listSlots,
  weekdayAhead,
} from "../../test/booking-fixtures.ts";
import {
  addHours,
  insertLesson,
  newInstructor,
  readBooking,
  readPayment,
} from "../../test/fixtures/instructor-fixtures.ts";
import type { Http } from "../../test/fixtures/student-lesson-fixtures.ts";
import { aStudent, aStudentWithPaidLesson } from "../../test/scenarios.ts";
import { startDemoApp } from "../../test/seeded-app.ts";
import { describeEachDatabase, type TestApp } from "../../test/test-app.ts";

describeEachDatabase("a student reschedules their own lesson", (kind) => {
  let t: TestApp;
  let http: Http;
  let base: Date;
  let demo: string;

  beforeAll(async () => {
    const app = await startDemoApp(kind);
    ({ t, http, base } = app);
    demo = app.demo.id;
  });
  afterEach(() => {
    t.clock.now = base;
  });
  afterAll(async () => {
    await t.close();
  });

  const freshDate = freshWeekdays(() => base);

  /** The demo instructor's lesson at `hh:00` Sydney time on `date`, as a reschedule body. */
  const at = (date: string, hour: number) => {
    const start = sydneyWallTimeToInstant(date, hour * 60);
    if (!start) throw new Error(`no ${hour}:00 on ${date}`);
    return { startTime: start.toISOString(), endTime: addHours(start, 1).toISOString() };
  };
  const reschedule = (lessonId: string, body: unknown, token: string) =>
    http.post(`/api/student/bookings/${lessonId}/reschedule`, body, token);
  const openStarts = async (date: string) => {
    const viewer = await aStudent(t);
    return (await listSlots(http, viewer.accessToken, { date, instructorId: demo })).map((s) => s.startTime);
  };
  const auditOf = (lessonId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, lessonId), eq(auditLog.action, "booking.reschedule")));

  it("moves a lesson to another free slot of the same instructor at no cost, freeing the old one", async () => {
    const { student, lesson, date } = await aStudentWithPaidLesson(t, { date: freshDate() });
    const target = at(date, 17);
    expect(await openStarts(date)).toContain(target.startTime);

    const res = await reschedule(lesson.id, target, student.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.booking).toMatchObject({
      id: lesson.id,
      status: "SCHEDULED",
      startTime: target.startTime,
      endTime: target.endTime,
      price: 75,
      isPoolHours: false,
      paymentId: lesson.paymentId,
      instructor: { id: demo },
    });
    // Same price, same payment, nothing charged or refunded.
    expect(await readBooking(t.database.db, lesson.id)).toMatchObject({
      priceCents: 7500,
      refundCents: null,
    });
    expect(await readPayment(t.database.db, lesson.paymentId)).toMatchObject({
      amountCents: 8250,
      refundedCents: 0,
    });
    const starts = await openStarts(date);
    expect(starts).toContain(lesson.slot.startTime);
    expect(starts).not.toContain(target.startTime);

    const [entry] = await auditOf(lesson.id);
    expect(entry).toMatchObject({
      actorId: student.user.id,
      details: {
        from: { startTime: lesson.slot.startTime, endTime: lesson.slot.endTime },
        to: target,
      },
    });
  });

  it("is allowed until exactly 24 hours before the start, and refused after with 409", async () => {
    const { student, lesson, date } = await aStudentWithPaidLesson(t, { date: freshDate() });

    t.clock.now = addHours(lesson.start, -23.5);
    const late = await reschedule(lesson.id, at(date, 15), student.accessToken);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("reschedule_window_closed");
    expect(late.body.error.message).toMatch(/up to 24 hours before/);
    expect((await readBooking(t.database.db, lesson.id)).startTime).toEqual(lesson.start);

    t.clock.now = addHours(lesson.start, -24);
    const onTheDot = await reschedule(lesson.id, at(date, 15), student.accessToken);
    expect(onTheDot.status).toBe(200);
    expect(onTheDot.body.booking.startTime).toBe(at(date, 15).startTime);
  });

  it("keeps the kind: a standard lesson cannot move into pool hours, nor a pool lesson out of them", async () => {
    const { student, lesson: standard, date } = await aStudentWithPaidLesson(t, { date: freshDate() });
    const { lesson: pool } = await aStudentWithPaidLesson(t, { date, pool: true, student });

    const intoPool = await reschedule(standard.id, at(date, 13), student.accessToken);
    expect(intoPool.status).toBe(409);
    expect(intoPool.body.error).toMatchObject({
      code: "reschedule_kind_mismatch",
      message: expect.stringMatching(/standard lesson, so it can only move to a standard time/),
    });
    const outOfPool = await reschedule(pool.id, at(date, 17), student.accessToken);
    expect(outOfPool.status).toBe(409);
    expect(outOfPool.body.error.code).toBe("reschedule_kind_mismatch");

    // Pool to pool is fine, at the pool price already paid.
    const poolToPool = await reschedule(pool.id, at(date, 14), student.accessToken);
    expect(poolToPool.status).toBe(200);
    expect(poolToPool.body.booking).toMatchObject({ isPoolHours: true, price: 48.75 });
    expect((await readBooking(t.database.db, standard.id)).startTime).toEqual(standard.start);
  });

  it("refuses a taken slot and leaves the lesson where it was", async () => {
    const { student, lesson, date } = await aStudentWithPaidLesson(t, { date: freshDate() });

    // Someone else holds 17:00 with the instructor.
    const other = await aStudent(t);
    const slots = await listSlots(http, other.accessToken, { date, instructorId: demo });
    const five = slots.find((s) => s.startTime === at(date, 17).startTime);
    if (!five) throw new Error("17:00 not open");
    const held = await http.post(
      "/api/student/bookings/batch",
      { bookings: [asBooking(five)] },
      other.accessToken,
    );
    expect(held.status).toBe(201);
    const taken = await reschedule(lesson.id, at(date, 17), student.accessToken);
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("slot_unavailable");

    // The student is busy at 16:00 with another instructor: the database's own-lessons constraint
    // refuses the move (the instructor is free), and the transaction leaves everything as it was.
    const elsewhere = await newInstructor(http, t.database.db);
    await insertLesson(t.database.db, {
      studentId: student.user.id,
      instructorId: elsewhere.id,
      start: new Date(at(date, 16).startTime),
      suburb: "Sydney CBD",
    });
    const clash = await reschedule(lesson.id, at(date, 16), student.accessToken);
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({
      code: "slot_unavailable",
      message: "You already have a lesson at one of the chosen times",
    });

    // A time the instructor does not work.
    const night = await reschedule(lesson.id, at(date, 21), student.accessToken);
    expect(night.status).toBe(409);

    const row = await readBooking(t.database.db, lesson.id);
    expect(row).toMatchObject({ status: "SCHEDULED", startTime: lesson.start });
    expect(await auditOf(lesson.id)).toEqual([]);
    expect(await openStarts(date)).not.toContain(lesson.slot.startTime);
  });

  it("moves into a slot whose hold has lapsed even before the sweep has released it", async () => {
    const date = freshDate();
    const { student, lesson } = await aStudentWithPaidLesson(t, { date });
    const rival = await aStudent(t);
    const held = await holdLesson(http, rival.accessToken, { date, instructorId: demo, pool: false });
    const target = { startTime: held.slot.startTime, endTime: held.slot.endTime };
    expect(await openStarts(date)).not.toContain(target.startTime);

    // No sweep runs in tests: the lapsed hold still sits in the exclusion constraint.
    t.clock.advanceMinutes(31);
    const res = await reschedule(lesson.id, target, student.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await readBooking(t.database.db, lesson.id)).startTime.toISOString()).toBe(target.startTime);
    expect((await readPayment(t.database.db, held.paymentId)).status).toBe("EXPIRED");
  });

  it("answers bad input with 400 and changes nothing", async () => {
    const { student, lesson, date } = await aStudentWithPaidLesson(t, { date: freshDate() });
    const seventeen = new Date(at(date, 17).startTime);
    const farAway = weekdayAhead(base, 40);
    const bodies: unknown[] = [
      undefined,
      {},
      { startTime: "tomorrow", endTime: at(date, 17).endTime },
      { startTime: at(date, 17).startTime, endTime: addHours(seventeen, 2).toISOString() }, // 2 hours
      { startTime: addHours(seventeen, 0.5).toISOString(), endTime: addHours(seventeen, 1.5).toISOString() },
      { startTime: lesson.slot.startTime, endTime: lesson.slot.endTime }, // where it already is
      { startTime: addHours(base, -48).toISOString(), endTime: addHours(base, -47).toISOString() },
      at(farAway, 9), // past the 30-day horizon
    ];
    for (const body of bodies) {
      const res = await reschedule(lesson.id, body, student.accessToken);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toMatch(/^(validation_error|bad_request|slot_in_past)$/);
    }
    // The lesson is 25 hours away, so it may move, but not to a time under 2 hours from now.
    t.clock.now = addHours(lesson.start, -25);
    const soon = await reschedule(
      lesson.id,
      {
        startTime: addHours(lesson.start, -24).toISOString(),
        endTime: addHours(lesson.start, -23).toISOString(),
      },
      student.accessToken,
    );
    expect(soon.status).toBe(400);
    expect(soon.body.error.message).toMatch(/at least 2 hours from now/);

    expect(await readBooking(t.database.db, lesson.id)).toMatchObject({
      status: "SCHEDULED",
      startTime: lesson.start,
    });
    expect(await auditOf(lesson.id)).toEqual([]);
  });

  it("is only for the student's own scheduled lessons", async () => {
    const { student, lesson, date } = await aStudentWithPaidLesson(t, { date: freshDate() });
    const stranger = await aStudent(t);

    const theirs = await reschedule(lesson.id, at(date, 17), stranger.accessToken);
    expect(theirs.status).toBe(404);
    expect((await reschedule(crypto.randomUUID(), at(date, 17), student.accessToken)).status).toBe(404);
    expect((await reschedule("not-a-uuid", at(date, 17), student.accessToken)).status).toBe(400);
    expect((await http.post(`/api/student/bookings/${lesson.id}/reschedule`, at(date, 17))).status).toBe(401);

    expect(
      (await http.post(`/api/student/bookings/${lesson.id}/cancel`, undefined, student.accessToken)).status,
    ).toBe(200);
    const cancelled = await reschedule(lesson.id, at(date, 17), student.accessToken);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.error.code).toBe("invalid_state");
  });

  it("gives a contested slot to exactly one of two students moving into it at once", async () => {
    const date = freshDate();
    const { student: first, lesson: a } = await aStudentWithPaidLesson(t, { date });
    const { student: second, lesson: b } = await aStudentWithPaidLesson(t, { date });
    const results = await Promise.all([
      reschedule(a.id, at(date, 17), first.accessToken),
      reschedule(b.id, at(date, 17), second.accessToken),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const moved = [await readBooking(t.database.db, a.id), await readBooking(t.database.db, b.id)].filter(
      (r) => r.startTime.toISOString() === at(date, 17).startTime,
    );
    expect(moved).toHaveLength(1);
  });
});

/**
 * One move per intended move (issue 30 item 4): a double click on "Move lesson" moved the lesson, then
 * said it had not (400 "already at that time"). The same move sent twice with one Idempotency-Key, even
 * at the same moment, moves once, answers 200 both times and emails "Lesson moved" once to each side;
 * a move to the lesson's own time without that key stays a 400. Accepting a proposed time likewise.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLog, outbox } from "../../db/schema/index.ts";
import { freshWeekdays, listSlots } from "../../test/booking-fixtures.ts";
import { readBooking } from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { type Actor, aStudentWithPaidLesson, theDemoInstructor } from "../../test/scenarios.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const INSTRUCTOR = "instructor@demo.test";

describeEachDatabase("idempotent lesson moves", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let instructor: Actor;
  let nextWeekday: () => string;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    instructor = await theDemoInstructor(t);
    nextWeekday = freshWeekdays(() => t.clock.now);
  });
  afterAll(async () => {
    await t?.close();
  });

  const keyed = (key: string) => ({ "idempotency-key": key });
  /** A booked lesson, and another standard time the instructor offers that day. */
  async function lessonAndOtherTime() {
    const date = nextWeekday();
    const { student, lesson } = await aStudentWithPaidLesson(t, { date, instructor: instructor.id });
    const slots = await listSlots(http, student.accessToken, { date, instructorId: instructor.id });
    const other = slots.find((s) => !s.isPoolHours && s.startTime !== lesson.slot.startTime);
    if (!other) throw new Error(`no other standard slot on ${date}`);
    return { student, lesson, target: { startTime: other.startTime, endTime: other.endTime } };
  }
  const movedMails = (to: string) =>
    t.database.db
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(and(eq(outbox.kind, "lesson_rescheduled"), eq(outbox.toEmail, to)));
  const auditOf = (lessonId: string, action: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, lessonId), eq(auditLog.action, action)));

  it("two identical moves at once with one key: both 200, one move, one email to each side", async () => {
    const { student, lesson, target } = await lessonAndOtherTime();
    const toInstructorBefore = (await movedMails(INSTRUCTOR)).length;
    const url = `/api/student/bookings/${lesson.id}/reschedule`;
    const key = randomUUID();
    const answers = await Promise.all([
      http.post(url, target, student.accessToken, keyed(key)),
      http.post(url, target, student.accessToken, keyed(key)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[1]?.body).toEqual(answers[0]?.body);
    expect(answers[0]?.body.booking).toMatchObject({ id: lesson.id, ...target });
    expect(await readBooking(t.database.db, lesson.id)).toMatchObject({
      startTime: new Date(target.startTime),
      calendarSequence: 1,
    });
    expect(await auditOf(lesson.id, "booking.reschedule")).toHaveLength(1);
    expect(await movedMails(student.email)).toHaveLength(1);
    expect(await movedMails(INSTRUCTOR)).toHaveLength(toInstructorBefore + 1);

    // Not the same request repeated (no key, or another one): the lesson is already there, as before.
    for (const headers of [{}, keyed(randomUUID())]) {
      const again = await http.post(url, target, student.accessToken, headers);
      expect(again.status).toBe(400);
      expect(again.body.error.message).toMatch(/already at that time/);
    }
    expect(await movedMails(student.email)).toHaveLength(1);
    expect(await readBooking(t.database.db, lesson.id)).toMatchObject({ calendarSequence: 1 });
  });

  it("the same key for a move elsewhere is refused, and moves nothing", async () => {
    const { student, lesson, target } = await lessonAndOtherTime();
    const url = `/api/student/bookings/${lesson.id}/reschedule`;
    const key = randomUUID();
    expect((await http.post(url, target, student.accessToken, keyed(key))).status).toBe(200);
    const back = { startTime: lesson.slot.startTime, endTime: lesson.slot.endTime };
    const reused = await http.post(url, back, student.accessToken, keyed(key));
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe("idempotency_key_reused");
    expect(await readBooking(t.database.db, lesson.id)).toMatchObject({
      startTime: new Date(target.startTime),
    });
  });

  it("accepting a proposed time twice at once with one key moves the lesson once", async () => {
    const { student, lesson, target } = await lessonAndOtherTime();
    const proposed = await http.post(
      `/api/instructor/lessons/${lesson.id}/move-proposals`,
      target,
      instructor.token,
    );
    expect(proposed.status).toBe(201);
    const url = `/api/student/move-proposals/${proposed.body.proposal.id}/accept`;
    const key = randomUUID();
    const answers = await Promise.all([
      http.post(url, undefined, student.accessToken, keyed(key)),
      http.post(url, undefined, student.accessToken, keyed(key)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[1]?.body).toEqual(answers[0]?.body);
    expect(answers[0]?.body.proposal).toMatchObject({ status: "ACCEPTED" });
    expect(await readBooking(t.database.db, lesson.id)).toMatchObject({
      startTime: new Date(target.startTime),
      calendarSequence: 1,
    });
    expect(await auditOf(lesson.id, "booking.move_proposal_accept")).toHaveLength(1);
    // The instructor moved it: the student alone hears "Lesson moved", the instructor that it was accepted.
    expect(await movedMails(student.email)).toHaveLength(1);
    const answered = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "move_proposal_answered"), eq(outbox.toEmail, INSTRUCTOR)));
    expect(answered.filter((m) => m.dedupeKey?.endsWith(proposed.body.proposal.id))).toHaveLength(1);
  });
});

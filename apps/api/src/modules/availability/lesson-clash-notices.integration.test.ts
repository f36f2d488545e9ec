/**
 * A student is told when their instructor's day off or leave clashes with a booked lesson (in the
 * transaction of the override) and again when the clash is resolved: the day off removed, the lesson
 * cancelled or moved. Each clash is told once. Sent over SMTP to a real server.
 */

import { addDaysToDate, sydneyDateOf } from "@kerb/shared/rules";
import { like } from "drizzle-orm";
import { expect, it } from "vitest";
import { outbox } from "../../db/schema/index.ts";
import { listSlots, weekdayAhead } from "../../test/booking-fixtures.ts";
import { useDemoMailApp } from "../../test/demo-mail-app.ts";
import type { Http } from "../../test/fixtures/student-lesson-fixtures.ts";
import type { OutboxMail } from "../../test/mail-fixtures.ts";
import { aStudentWithPaidLesson } from "../../test/scenarios.ts";
import { describeEachDatabase, type TestApp } from "../../test/test-app.ts";

describeEachDatabase("students told of clashes with their instructor's time off", (kind) => {
  let t: TestApp;
  let http: Http;
  let base: Date;
  let demo: { id: string; token: string };
  let mailbox: OutboxMail;

  useDemoMailApp(kind, (app) => {
    ({ t, http, base, demo, mailbox } = app);
  });

  const clashKeys = async (lessonId: string) =>
    (
      await t.database.db
        .select({ key: outbox.dedupeKey, kind: outbox.kind })
        .from(outbox)
        .where(like(outbox.dedupeKey, `lesson-clash%:${lessonId}:%`))
    )
      .map((r) => r.key)
      .sort();

  const dayOff = (date: string) =>
    http.post("/api/instructor/availability/exceptions", { date, kind: "CLOSED", note: "Leave" }, demo.token);
  const removeOverride = (id: string) =>
    http.delete(`/api/instructor/availability/exceptions/${id}`, demo.token);
  const overrideId = (
    res: { body: { availability: { exceptions: Array<{ id: string; date: string }> } } },
    date: string,
  ) => {
    const id = res.body.availability.exceptions.find((e) => e.date === date)?.id;
    if (!id) throw new Error(`no override on ${date}`);
    return id;
  };

  async function bookedLesson(daysAhead: number) {
    const { student, lesson } = await aStudentWithPaidLesson(t, { date: weekdayAhead(base, daysAhead) });
    const email = student.email;
    await mailbox.takeDelivered(); // the booking confirmations
    return { student, email, lesson, date: sydneyDateOf(lesson.start) };
  }

  it("a day off over a lesson tells its student at once, once; removing it, and cancelling, resolve it", async () => {
    const { email, lesson, date } = await bookedLesson(9);

    const off = await dayOff(date);
    expect(off.status).toBe(201);
    expect(off.body.affectedBookings.map((b: { id: string }) => b.id)).toContain(lesson.id);
    // Enqueued with the override: the outbox row is there as the change commits.
    expect(await clashKeys(lesson.id)).toEqual([`lesson-clash:${lesson.id}:1`]);
    let mail = await mailbox.takeDelivered();
    expect(mail.map((m) => m.to)).toEqual([[email]]);
    expect(mail[0]?.parsed.subject).toMatch(/^Your instructor is not available for your lesson on /);
    expect(mail[0]?.parsed.text).toContain("has marked themselves unavailable");
    expect(mail[0]?.parsed.text).toContain("We will email you again when this is resolved.");

    // Another hours change while the clash stands tells nobody again.
    const hours = await http.get("/api/instructor/availability", demo.token);
    expect(hours.body.conflicts.map((c: { id: string }) => c.id)).toContain(lesson.id);
    const same = await http.put(
      "/api/instructor/availability/weekly",
      { weekly: hours.body.weekly },
      demo.token,
    );
    expect(same.status).toBe(200);
    expect(await mailbox.takeDelivered()).toEqual([]);

    // An outbox clean-up forgets the sent email, not what the student was told: still nobody told again.
    await t.database.db.delete(outbox).where(like(outbox.dedupeKey, `lesson-clash%:${lesson.id}:%`));
    expect(
      (await http.put("/api/instructor/availability/weekly", { weekly: hours.body.weekly }, demo.token))
        .status,
    ).toBe(200);
    expect(await mailbox.takeDelivered()).toEqual([]);

    // The day off removed: the lesson goes ahead, and the student hears so.
    expect((await removeOverride(overrideId(off, date))).status).toBe(200);
    mail = await mailbox.takeDelivered();
    expect(mail.map((m) => m.to)).toEqual([[email]]);
    expect(mail[0]?.parsed.subject).toMatch(/^Your lesson on .+ is going ahead$/);

    // Taken off again: a new clash, told again (the second of this lesson).
    const again = await dayOff(date);
    expect(again.status).toBe(201);
    mail = await mailbox.takeDelivered();
    expect(mail.map((m) => m.parsed.subject)).toEqual([
      expect.stringMatching(/^Your instructor is not available/),
    ]);

    // The instructor cancels the lesson: the cancellation, and the clash resolved by it.
    const cancelled = await http.post(
      `/api/instructor/lessons/${lesson.id}/cancel`,
      { reason: "On leave that day" },
      demo.token,
    );
    expect(cancelled.status).toBe(200);
    mail = await mailbox.takeDelivered();
    const subjects = mail.filter((m) => m.to.includes(email)).map((m) => m.parsed.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects).toContainEqual(expect.stringMatching(/^Resolved: your lesson on .+ was cancelled$/));
    expect(await clashKeys(lesson.id)).toEqual(
      [
        // The first clash's email was cleaned from the outbox above; its resolution and the second remain.
        `lesson-clash-resolved:${lesson.id}:1`,
        `lesson-clash-resolved:${lesson.id}:2`,
        `lesson-clash:${lesson.id}:2`,
      ].sort(),
    );

    // Removing the day off now tells nobody: the lesson is cancelled and its clash resolved.
    expect((await removeOverride(overrideId(again, date))).status).toBe(200);
    expect(await mailbox.takeDelivered()).toEqual([]);
  });

  it("a clash is resolved when the student moves the lesson to a time the instructor works", async () => {
    const { student, email, lesson, date } = await bookedLesson(11);
    const off = await dayOff(date);
    expect(off.status).toBe(201);
    expect((await mailbox.takeDelivered()).map((m) => m.to)).toEqual([[email]]);

    // The working day after the lesson's (its day is off now): "12 weekdays ahead of base" was the
    // lesson's own day whenever day 11 fell on a weekend.
    const [target] = (
      await listSlots(http, student.accessToken, {
        date: weekdayAhead(lesson.start, 1),
        instructorId: demo.id,
      })
    ).filter((s) => !s.isPoolHours);
    if (!target) throw new Error("no slot to move to");
    const moved = await http.post(
      `/api/student/bookings/${lesson.id}/reschedule`,
      { startTime: target.startTime, endTime: target.endTime },
      student.accessToken,
    );
    expect(moved.status).toBe(200);
    const mail = (await mailbox.takeDelivered())
      .filter((m) => m.to.includes(email))
      .map((m) => m.parsed.subject);
    expect(mail).toContainEqual(expect.stringMatching(/^Resolved: your lesson has moved to /));

    // The lesson no longer clashes, so the day off's removal tells nobody.
    expect((await removeOverride(overrideId(off, date))).status).toBe(200);
    expect(await mailbox.takeDelivered()).toEqual([]);
  });

  it("leave over a booked lesson tells its student at once, once, in the leave's transaction", async () => {
    // Far from the other tests' days: the demo instructor keeps this leave.
    const { email, lesson, date } = await bookedLesson(20);

    const leave = await http.post(
      "/api/instructor/availability/leave",
      { startDate: addDaysToDate(date, -1), endDate: addDaysToDate(date, 1), note: "Family holiday" },
      demo.token,
    );
    expect(leave.status).toBe(201);
    expect(leave.body.leave.added).toContain(date);
    expect(leave.body.affectedBookings.map((b: { id: string }) => b.id)).toContain(lesson.id);
    expect(await clashKeys(lesson.id)).toEqual([`lesson-clash:${lesson.id}:1`]);
    const mail = await mailbox.takeDelivered();
    expect(mail.filter((m) => m.to.includes(email)).map((m) => m.parsed.subject)).toEqual([
      expect.stringMatching(/^Your instructor is not available for your lesson on /),
    ]);

    // Leave again over the same days adds nothing and tells nobody again.
    const again = await http.post(
      "/api/instructor/availability/leave",
      { startDate: date, endDate: date },
      demo.token,
    );
    expect(again.body.leave).toEqual({ added: [], skipped: [date] });
    expect(await mailbox.takeDelivered()).toEqual([]);

    // Removing that one day of leave resolves the clash.
    expect((await removeOverride(overrideId(again, date))).status).toBe(200);
    expect((await mailbox.takeDelivered()).map((m) => m.parsed.subject)).toEqual([
      expect.stringMatching(/^Your lesson on .+ is going ahead$/),
    ]);
  });

  it("My bookings shows the clash on the lesson, and the student may cancel it in full whatever the notice", async () => {
    const { student, lesson, date } = await bookedLesson(17);
    const listed = async () => {
      const profile = await http.get("/api/student/profile", student.accessToken);
      expect(profile.status).toBe(200);
      return profile.body.bookings.find((b: { id: string }) => b.id === lesson.id);
    };
    expect((await listed()).instructorClash).toBe(false);

    const off = await dayOff(date);
    expect(off.status).toBe(201);
    await mailbox.takeDelivered();
    expect((await listed()).instructorClash).toBe(true);

    try {
      // 30 hours ahead would be the half tier; the clash is not the student's doing.
      t.clock.now = new Date(lesson.start.getTime() - 30 * 3_600_000);
      const preview = await http.get(`/api/student/bookings/${lesson.id}/cancellation`, student.accessToken);
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({ tier: "full", refund: { amount: 82.5, gst: 7.5 } });
      const cancel = await http.post(
        `/api/student/bookings/${lesson.id}/cancel`,
        undefined,
        student.accessToken,
      );
      expect(cancel.status).toBe(200);
      expect(cancel.body.refund).toEqual(preview.body.refund);
      expect((await listed()).instructorClash).toBe(false);
    } finally {
      t.clock.now = base;
    }
    expect((await removeOverride(overrideId(off, date))).status).toBe(200);
    await mailbox.takeDelivered();
  });

  it("hours that still cover the lesson tell nobody", async () => {
    const { lesson, date } = await bookedLesson(13);
    // Hours for that date that cover the whole working day, lesson included.
    const res = await http.post(
      "/api/instructor/availability/exceptions",
      { date, kind: "OPEN", start: "06:00", end: "21:00" },
      demo.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.affectedBookings.map((b: { id: string }) => b.id)).not.toContain(lesson.id);
    expect(await mailbox.takeDelivered()).toEqual([]);
    expect(await clashKeys(lesson.id)).toEqual([]);
  });
});

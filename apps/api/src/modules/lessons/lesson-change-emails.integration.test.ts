/**
 * What the student hears after booking: every cancellation (theirs, the instructor's, an admin's) with
 * what came back, every move, a no-show; each cancellation and move with a calendar file that updates
 * the event the confirmation's .ics added (same UID, higher SEQUENCE). Sent over SMTP to a real server.
 */
import { formatSydneyDate } from "@kerb/shared/rules";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/index.ts";
import { formatUtc } from "../../lib/ical.ts";
import { listSlots, weekdayAhead } from "../../test/booking-fixtures.ts";
import { useDemoMailApp } from "../../test/demo-mail-app.ts";
import { addHours } from "../../test/fixtures/instructor-fixtures.ts";
import type { Http } from "../../test/fixtures/student-lesson-fixtures.ts";
import type { OutboxMail } from "../../test/mail-fixtures.ts";
import { aStudentWithPaidLesson } from "../../test/scenarios.ts";
import type { ReceivedMail } from "../../test/smtp-inbox.ts";
import { describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const INSTRUCTOR = "instructor@demo.test";

/** The .ics a message carries, as text. */
function calendarOf(mail: ReceivedMail | undefined): string {
  const ics = mail?.parsed.attachments.find((a) => a.filename?.endsWith(".ics"));
  if (!ics) throw new Error(`no .ics in "${mail?.parsed.subject}"`);
  return ics.content.toString("utf8");
}
const field = (ics: string, name: string) => ics.match(new RegExp(`^${name}:(.*)$`, "m"))?.[1]?.trim();

describeEachDatabase("lesson changes emailed to the student", (kind) => {
  let t: TestApp;
  let http: Http;
  let base: Date;
  let demo: { id: string; token: string };
  let admin: string;
  let mailbox: OutboxMail;

  useDemoMailApp(kind, (app) => {
    ({ t, http, base, demo, admin, mailbox } = app);
  });

  async function bookedLesson(daysAhead: number) {
    const { student, lesson } = await aStudentWithPaidLesson(t, { date: weekdayAhead(base, daysAhead) });
    const email = student.email;
    const confirmation = (await mailbox.takeDelivered()).find((m) => m.to.includes(email));
    return { student, email, lesson, confirmation: calendarOf(confirmation) };
  }

  it("the student's own move and cancellation reach them, and each .ics updates the confirmation's event", async () => {
    const { student, email, lesson, confirmation } = await bookedLesson(7);
    const uid = field(confirmation, "UID");
    expect(uid).toBe(`${lesson.id}@kerb`);
    expect(field(confirmation, "SEQUENCE")).toBe("0");

    // A move: the student gets the new time and a REQUEST for the same event, one revision on.
    const slots = await listSlots(http, student.accessToken, {
      date: weekdayAhead(base, 8),
      instructorId: demo.id,
    });
    const target = slots.find((s) => !s.isPoolHours);
    if (!target) throw new Error("no slot to move to");
    const moved = await http.post(
      `/api/student/bookings/${lesson.id}/reschedule`,
      { startTime: target.startTime, endTime: target.endTime },
      student.accessToken,
    );
    expect(moved.status).toBe(200);
    let mail = await mailbox.takeDelivered();
    expect(mail.map((m) => m.to).sort()).toEqual([[INSTRUCTOR], [email]].sort());
    const movedMail = mail.find((m) => m.to.includes(email));
    const newStart = new Date(target.startTime);
    expect(movedMail?.parsed.subject).toContain(`Lesson moved: now ${formatSydneyDate(newStart)}`);
    expect(movedMail?.parsed.text).toContain("You have moved your lesson with Daniel");
    const request = calendarOf(movedMail);
    expect(field(request, "METHOD")).toBe("REQUEST");
    expect(field(request, "UID")).toBe(uid);
    expect(field(request, "SEQUENCE")).toBe("1");
    expect(field(request, "DTSTART")).toBe(formatUtc(newStart));
    expect(field(request, "STATUS")).toBe("CONFIRMED");

    // 30 hours ahead: half back. The student hears the amount and the method, and the event is cancelled.
    t.clock.now = addHours(newStart, -30);
    expect(
      (await http.post(`/api/student/bookings/${lesson.id}/cancel`, undefined, student.accessToken)).status,
    ).toBe(200);
    mail = await mailbox.takeDelivered();
    expect(mail).toHaveLength(2);
    const toStudent = mail.find((m) => m.to.includes(email));
    expect(toStudent?.parsed.text).toContain("You have cancelled your lesson with Daniel");
    expect(toStudent?.parsed.text).toContain("$41.25 (including $3.75 GST) goes back to your card");
    expect(toStudent?.parsed.text).toContain("Refund: $41.25 (including $3.75 GST) back to the card");
    const cancel = calendarOf(toStudent);
    expect(field(cancel, "METHOD")).toBe("CANCEL");
    expect(field(cancel, "STATUS")).toBe("CANCELLED");
    expect(field(cancel, "UID")).toBe(uid);
    expect(field(cancel, "SEQUENCE")).toBe("2");
    expect(mail.find((m) => m.to.includes(INSTRUCTOR))?.parsed.text).toContain(
      "Refund to the student: $41.25 (including $3.75 GST) back to the card",
    );
  });

  it("a late cancellation by the student tells them nothing comes back", async () => {
    const { student, email, lesson } = await bookedLesson(9);
    t.clock.now = addHours(lesson.start, -3);
    expect(
      (await http.post(`/api/student/bookings/${lesson.id}/cancel`, undefined, student.accessToken)).status,
    ).toBe(200);
    const toStudent = (await mailbox.takeDelivered()).find((m) => m.to.includes(email));
    expect(toStudent?.parsed.text).toContain(
      "Nothing is refunded: the lesson was cancelled less than 24 hours before it started.",
    );
    expect(field(calendarOf(toStudent), "SEQUENCE")).toBe("1");
  });

  describe("an instructor cancels", () => {
    it("only with a reason, in plain English, not too long", async () => {
      const { lesson } = await bookedLesson(10);
      const url = `/api/instructor/lessons/${lesson.id}/cancel`;
      for (const body of [undefined, {}, { reason: "   " }]) {
        const res = await http.post(url, body, demo.token);
        expect(res.status).toBe(400);
        expect(res.body.error).toMatchObject({
          code: "validation_error",
          message: "Tell the student why you are cancelling",
        });
      }
      const long = await http.post(url, { reason: "x".repeat(501) }, demo.token);
      expect(long.status).toBe(400);
      expect(long.body.error.message).toBe(
        "Keep the reason to 500 characters or fewer: it goes in an email to the student",
      );
      expect((await http.post(url, { reason: "x".repeat(500) }, demo.token)).status).toBe(200);
    });

    it("the student hears why, that they are refunded in full, and the event is cancelled; the reason is audited", async () => {
      const { email, lesson, confirmation } = await bookedLesson(11);
      const res = await http.post(
        `/api/instructor/lessons/${lesson.id}/cancel`,
        { reason: "  My car failed its inspection  " },
        demo.token,
      );
      expect(res.status).toBe(200);
      const mail = await mailbox.takeDelivered();
      expect(mail.map((m) => m.to)).toEqual([[email]]);
      const text = mail[0]?.parsed.text ?? "";
      expect(text).toContain("Reason: My car failed its inspection\n");
      expect(text).toContain("You are refunded in full: $82.50 (including $7.50 GST) goes back to your card");
      const cancel = calendarOf(mail[0]);
      expect(field(cancel, "UID")).toBe(field(confirmation, "UID"));
      expect(field(cancel, "METHOD")).toBe("CANCEL");
      expect(field(cancel, "SEQUENCE")).toBe("1");
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, lesson.id), eq(auditLog.action, "booking.cancel")));
      expect(entry?.details).toMatchObject({
        cancelledBy: "INSTRUCTOR",
        reason: "My car failed its inspection",
      });
    });
  });

  it("an admin's cancellation reaches the student with the refund and the cancelled event", async () => {
    const { email, lesson } = await bookedLesson(12);
    expect((await http.post(`/api/admin/bookings/${lesson.id}/cancel`, {}, admin)).status).toBe(200);
    const mail = await mailbox.takeDelivered();
    expect(mail).toHaveLength(2);
    const toStudent = mail.find((m) => m.to.includes(email));
    expect(toStudent?.parsed.text).toContain("has been cancelled by Kerb's support team");
    expect(toStudent?.parsed.text).toContain("You are refunded in full: $82.50 (including $7.50 GST)");
    expect(field(calendarOf(toStudent), "STATUS")).toBe("CANCELLED");
  });

  it("a no-show tells the student what was kept and how long they have to dispute it, once", async () => {
    const { email, lesson } = await bookedLesson(13);
    t.clock.now = addHours(lesson.start, 2);
    expect(
      (await http.post(`/api/instructor/lessons/${lesson.id}/no-show`, undefined, demo.token)).status,
    ).toBe(200);
    expect(
      (await http.post(`/api/instructor/lessons/${lesson.id}/no-show`, undefined, demo.token)).status,
    ).toBe(409);
    const mail = await mailbox.takeDelivered();
    expect(mail.map((m) => m.to)).toEqual([[email]]);
    expect(mail[0]?.parsed.subject).toBe(
      `Marked as a no-show: your lesson ${formatSydneyDate(lesson.start)} with Daniel`,
    );
    const text = mail[0]?.parsed.text ?? "";
    expect(text).toContain("Kept: The lesson's price, $82.50 incl. GST ($75.00 + GST): nothing is refunded");
    expect(text).toContain("reply to this email within 7 days of it");
    expect(text).toContain("Dispute within: 7 days of the lesson");
  });
});

import type { EmailKind } from "@kerb/shared";
import { addDaysToDate, formatSydneyDate, formatSydneyTime, sydneyTodayDate } from "@kerb/shared/rules";
import { and, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { auditLog, instructorProfiles, outbox } from "../../db/schema/index.ts";
import { demoProvider } from "../../platform/card-provider/payment-provider.ts";
import { runNotificationScan, type ScanContext } from "../../scheduled-emails.ts";
import { listSlots, registerStudent, weekdayAhead } from "../../test/booking-fixtures.ts";
import { useDemoMailApp } from "../../test/demo-mail-app.ts";
import { addHours, userIdByEmail } from "../../test/fixtures/instructor-fixtures.ts";
import { bookPaidLesson, type Http } from "../../test/fixtures/student-lesson-fixtures.ts";
import { fixtureTransact, lessonInStatus } from "../../test/lesson-use-cases.ts";
import { emailOf, type OutboxMail } from "../../test/mail-fixtures.ts";
import { anInstructor, aStudent, aStudentWithPaidLesson } from "../../test/scenarios.ts";
import type { ReceivedMail, SmtpInbox } from "../../test/smtp-inbox.ts";
import { describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { createTransact } from "../../unit-of-work.ts";
import { enqueueEmails } from "./outbox.ts";
import { deliverDueEmails, type OutboxContext } from "./outbox-delivery.ts";

const INSTRUCTOR = "instructor@demo.test";

describeEachDatabase("email notifications through the outbox", (kind) => {
  let inbox: SmtpInbox;
  let t: TestApp;
  let http: Http;
  let ctx: ScanContext;
  let base: Date;
  let demo: { id: string; token: string };
  let admin: string;
  let mailbox: OutboxMail;

  useDemoMailApp(
    kind,
    (app) => {
      ({ inbox, t, http, base, demo, admin, mailbox } = app);
      const outboxCtx = { ...mailbox.ctx, payments: demoProvider };
      ctx = { ...outboxCtx, transact: createTransact(outboxCtx) };
    },
    { env: { OUTBOX_MAX_ATTEMPTS: "3" } },
  );

  const outboxRows = (kindOf: EmailKind, to: string) =>
    t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, kindOf), eq(outbox.toEmail, to)));

  it("a paid batch: the student gets a confirmation with an .ics, the instructor one too, each once", async () => {
    const { student, lesson } = await aStudentWithPaidLesson(t, { date: weekdayAhead(base, 5) });
    const studentEmail = student.email;
    const mail = await mailbox.delivered();
    expect(mail).toHaveLength(2);

    const [toStudent] = await inbox.to(studentEmail);
    const when = `${formatSydneyDate(lesson.start)}, ${formatSydneyTime(lesson.start)}`;
    expect(toStudent?.parsed.subject).toBe(`Lesson confirmed: ${formatSydneyDate(lesson.start)} with Daniel`);
    expect(toStudent?.parsed.text).toContain(when);
    expect(toStudent?.parsed.text).toContain("$82.50 (including $7.50 GST)");
    expect(toStudent?.parsed.html).toContain("Kerb");
    expect(toStudent?.parsed.from?.text).toContain("no-reply@kerb.test");
    const [ics] = toStudent?.parsed.attachments ?? [];
    expect(ics?.filename).toBe("kerb-lesson.ics");
    expect(ics?.contentType).toBe("text/calendar");
    const calendar = ics?.content.toString("utf8") ?? "";
    expect(calendar).toContain("BEGIN:VEVENT");
    expect(calendar).toContain(`UID:${lesson.id}@kerb`);
    expect(calendar).toContain(
      `DTSTART:${lesson.start
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}Z$/, "Z")}`,
    );

    const [row] = await outboxRows("booking_confirmed", studentEmail);
    expect(row).toMatchObject({ status: "SENT", attempts: 1 });
    // The outbox id is the Message-ID: a resend after a crash is recognisably the same message.
    expect(toStudent?.parsed.messageId).toBe(`<${row?.id}@kerb>`);

    const instructorMail = mail.filter((m) => !m.to.includes(studentEmail));
    expect(instructorMail).toHaveLength(1);
    expect(instructorMail[0]?.parsed.subject).toMatch(/^New booking: 1 lesson with Lee Learner$/);
    expect(instructorMail[0]?.parsed.text).toContain(when);
    expect(instructorMail[0]?.parsed.attachments).toHaveLength(0);

    // Nothing more goes out on later ticks.
    inbox.clear();
    expect(await mailbox.delivered()).toHaveLength(0);
  });

  it("a bundle: the purchase is confirmed; spending credits confirms the lessons to both", async () => {
    const student = await registerStudent(http);
    const studentEmail = await emailOf(http, student);
    const purchase = await http.post(
      "/api/student/bundles/purchase",
      { totalLessons: 10, pricePerLesson: 70, instructorId: demo.id, suburb: "Sydney CBD" },
      student.accessToken,
    );
    expect(purchase.status).toBe(201);
    const confirm = await http.post(
      `/api/student/bundles/confirm/${purchase.body.payment.id}`,
      undefined,
      student.accessToken,
    );
    expect(confirm.status).toBe(200);
    let mail = await mailbox.delivered();
    expect(mail.map((m) => m.parsed.subject)).toEqual(["Your 10-lesson bundle is ready"]);
    expect(mail[0]?.to).toEqual([studentEmail]);
    expect(mail[0]?.parsed.text).toContain("$770.00 (including $70.00 GST)");

    inbox.clear();
    const profile = await http.get("/api/student/profile", student.accessToken);
    const bundleId = profile.body.bundles[0].id as string;
    const slots = await listSlots(http, student.accessToken, {
      date: weekdayAhead(base, 6),
      instructorId: demo.id,
    });
    const chosen = slots.filter((s) => !s.isPoolHours).slice(0, 2);
    const spend = await http.post(
      `/api/student/bundles/${bundleId}/bookings`,
      { bookings: chosen.map((s) => ({ startTime: s.startTime, endTime: s.endTime })) },
      student.accessToken,
    );
    expect(spend.status).toBe(201);
    mail = await mailbox.delivered();
    expect(mail).toHaveLength(2);
    const [toStudent] = await inbox.to(studentEmail);
    expect(toStudent?.parsed.subject).toBe("2 lessons confirmed with Daniel");
    expect(toStudent?.parsed.text).toContain("Paid with: 2 bundle credits");
    expect(toStudent?.parsed.text).toContain("Credits left: 8");
    const calendar = toStudent?.parsed.attachments[0]?.content.toString("utf8") ?? "";
    expect(calendar.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(mail.find((m) => !m.to.includes(studentEmail))?.parsed.subject).toMatch(/^New booking: 2 lessons/);
  });

  it("a student cancels: the instructor is told too, with the refund; an instructor cancels: only the student is", async () => {
    const { student, lesson: first } = await aStudentWithPaidLesson(t, { date: weekdayAhead(base, 7) });
    const studentEmail = student.email;
    const second = await bookPaidLesson(http, student, {
      date: weekdayAhead(base, 8),
      instructorId: demo.id,
    });
    await mailbox.takeDelivered();

    t.clock.now = addHours(first.start, -30); // 24–48 h: half back
    expect(
      (await http.post(`/api/student/bookings/${first.id}/cancel`, undefined, student.accessToken)).status,
    ).toBe(200);
    let mail = await mailbox.delivered();
    // The student hears of their own cancellation too (lessons/lesson-change-emails.integration.test.ts).
    expect(mail).toHaveLength(2);
    const toInstructor = mail.find((m) => !m.to.includes(studentEmail));
    expect(toInstructor?.parsed.subject).toBe(`Lesson cancelled: ${formatSydneyDate(first.start)} with Lee`);
    expect(toInstructor?.parsed.text).toContain("Lee Learner has cancelled their lesson with you");
    expect(toInstructor?.parsed.text).toContain("Cancelled by: Lee Learner (the student)");
    expect(toInstructor?.parsed.text).toContain(
      "Refund to the student: $41.25 (including $3.75 GST) back to the card",
    );

    inbox.clear();
    t.clock.now = base;
    const cancel = await http.post(
      `/api/instructor/lessons/${second.id}/cancel`,
      { reason: "Car off the road" },
      demo.token,
    );
    expect(cancel.status).toBe(200);
    mail = await mailbox.delivered();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to).toEqual([studentEmail]);
    expect(mail[0]?.parsed.text).toContain("has been cancelled by Daniel");
    expect(mail[0]?.parsed.text).toContain("$82.50 (including $7.50 GST) back to the card");
  });

  it("an admin cancels with a reason: both people are told why", async () => {
    const { student, lesson } = await aStudentWithPaidLesson(t, { date: weekdayAhead(base, 9) });
    const studentEmail = student.email;
    await mailbox.takeDelivered();
    const res = await http.post(
      `/api/admin/bookings/${lesson.id}/cancel`,
      { reason: "Car in for repairs" },
      admin,
    );
    expect(res.status).toBe(200);
    const mail = await mailbox.delivered();
    expect(mail).toHaveLength(2);
    for (const m of mail) {
      expect(m.parsed.text).toContain("Cancelled by: Kerb's support team");
      expect(m.parsed.text).toContain("Reason: Car in for repairs");
    }
    expect(mail.some((m) => m.to.includes(studentEmail))).toBe(true);
  });

  it("a reschedule tells the instructor (and the student) the old and the new time", async () => {
    const { student, lesson } = await aStudentWithPaidLesson(t, { date: weekdayAhead(base, 10) });
    await mailbox.takeDelivered();
    const slots = await listSlots(http, student.accessToken, {
      date: weekdayAhead(base, 11),
      instructorId: demo.id,
    });
    const target = slots.find((s) => !s.isPoolHours);
    if (!target) throw new Error("no slot to move to");
    const res = await http.post(
      `/api/student/bookings/${lesson.id}/reschedule`,
      { startTime: target.startTime, endTime: target.endTime },
      student.accessToken,
    );
    expect(res.status).toBe(200);
    const mail = await mailbox.delivered();
    // The student hears of it too, with a calendar update (lessons/lesson-change-emails.integration.test.ts).
    expect(mail).toHaveLength(2);
    const text = mail.find((m) => m.to.includes(INSTRUCTOR))?.parsed.text ?? "";
    expect(text).toContain(`Was: ${formatSydneyDate(lesson.start)}, ${formatSydneyTime(lesson.start)}`);
    const next = new Date(target.startTime);
    expect(text).toContain(`Now: ${formatSydneyDate(next)}, ${formatSydneyTime(next)}`);
  });

  it("the scan reminds both people 24 h ahead and asks the instructor to mark the lesson, once each", async () => {
    const { student, lesson } = await aStudentWithPaidLesson(t, { date: weekdayAhead(base, 12) });
    const studentEmail = student.email;
    await mailbox.takeDelivered();

    // Other lessons (seeded ones) may be due too: look at this lesson's mail only.
    const when = `${formatSydneyDate(lesson.start)}, ${formatSydneyTime(lesson.start)}`;
    const aboutThis = (all: ReceivedMail[]) => all.filter((m) => m.parsed.text?.includes(when));
    t.clock.now = addHours(lesson.start, -25);
    await runNotificationScan(ctx);
    expect(aboutThis(await mailbox.delivered())).toHaveLength(0);

    t.clock.now = addHours(lesson.start, -23);
    await Promise.all([runNotificationScan(ctx), runNotificationScan(ctx)]);
    await runNotificationScan(ctx);
    let mail = aboutThis(await mailbox.delivered()).filter(
      (m) => m.to.includes(studentEmail) || m.parsed.text?.includes("You are teaching Lee Learner"),
    );
    expect(mail).toHaveLength(2);
    const toStudent = mail.find((m) => m.to.includes(studentEmail));
    expect(toStudent?.parsed.subject).toBe(
      `Reminder: lesson ${formatSydneyDate(lesson.start)} at ${formatSydneyTime(lesson.start)} with Daniel`,
    );
    expect(mail.find((m) => m.to.includes(INSTRUCTOR))?.parsed.text).toContain(
      "You are teaching Lee Learner soon",
    );

    inbox.clear();
    t.clock.now = addHours(lesson.start, 1.5);
    await runNotificationScan(ctx);
    await runNotificationScan(ctx);
    mail = await mailbox.delivered();
    // Only the mark-lesson nudge: the reminder is not sent again.
    const nudges = aboutThis(mail).filter((m) => m.parsed.subject?.startsWith("Mark your lesson"));
    expect(nudges).toHaveLength(1);
    expect(nudges[0]?.to).toEqual([INSTRUCTOR]);
    expect(mail.filter((m) => m.to.includes(studentEmail))).toHaveLength(0);

    // A lesson marked completed is not nudged about again.
    const completed = await http.post(`/api/instructor/lessons/${lesson.id}/complete`, undefined, demo.token);
    expect(completed.status).toBe(200);
  });

  it("six lessons to mark at once are one email listing them; one more waits out the batch window", async () => {
    const instructor = await anInstructor(t);
    const student = await aStudent(t);
    const now = t.clock.now;
    // Six lessons that ended in the last day and were never marked (a scan after an outage, say).
    const starts = [30, 26, 22, 8, 6, 4].map((h) => addHours(now, -h));
    const lessonAt = (start: Date) =>
      fixtureTransact(t.database.db)((uow) =>
        lessonInStatus(
          uow,
          {
            studentId: student.id,
            instructorId: instructor.id,
            start,
            priceCents: 8000,
            suburb: "Sydney CBD",
            pickupLocation: null,
          },
          {},
        ),
      );
    for (const start of starts) await lessonAt(start);
    await mailbox.takeDelivered(); // the instructor's welcome
    const toInstructor = (mail: ReceivedMail[]) => mail.filter((m) => m.to.includes(instructor.email));

    await Promise.all([runNotificationScan(ctx), runNotificationScan(ctx)]);
    await runNotificationScan(ctx);
    let mail = toInstructor(await mailbox.takeDelivered());
    expect(mail).toHaveLength(1);
    expect(mail[0]?.parsed.subject).toBe("Mark your lessons: 6 lessons to mark");
    const text = mail[0]?.parsed.text ?? "";
    expect(text).toContain("6 of your lessons have ended and are not marked yet");
    for (const start of starts) {
      expect(text).toContain(`${formatSydneyDate(start)}, ${formatSydneyTime(start)}`);
    }
    expect(text).toContain("with Lee Learner, Sydney CBD");

    // Another lesson ends five minutes later: within the batch window it waits, then goes out alone.
    const seventh = new Date(now.getTime() - 55 * 60_000);
    await lessonAt(seventh);
    t.clock.now = new Date(now.getTime() + 9 * 60_000);
    await runNotificationScan(ctx);
    expect(toInstructor(await mailbox.takeDelivered())).toHaveLength(0);
    t.clock.now = new Date(now.getTime() + 10 * 60_000);
    await runNotificationScan(ctx);
    await runNotificationScan(ctx);
    mail = toInstructor(await mailbox.takeDelivered());
    expect(mail.map((m) => m.parsed.subject)).toEqual([
      `Mark your lesson with Lee Learner (${formatSydneyDate(seventh)})`,
    ]);
    // Each lesson has been asked about once: later scans send nothing more.
    t.clock.now = addHours(now, 1);
    await runNotificationScan(ctx);
    expect(toInstructor(await mailbox.takeDelivered())).toHaveLength(0);
  });

  it("documents expiring in 30 days: the instructor is told once per document", async () => {
    const instructorId = await userIdByEmail(t.database.db, INSTRUCTOR);
    const today = sydneyTodayDate(t.clock.now);
    const [before] = await t.database.db
      .select({ license: instructorProfiles.licenseExpiresOn, wwc: instructorProfiles.wwcExpiresOn })
      .from(instructorProfiles)
      .where(eq(instructorProfiles.userId, instructorId));
    await t.database.db
      .update(instructorProfiles)
      .set({ licenseExpiresOn: addDaysToDate(today, 20), wwcExpiresOn: addDaysToDate(today, 31) })
      .where(eq(instructorProfiles.userId, instructorId));
    try {
      await runNotificationScan(ctx);
      await runNotificationScan(ctx);
      const mail = (await mailbox.delivered()).filter((m) => m.parsed.subject?.includes("expires on"));
      expect(mail).toHaveLength(1);
      expect(mail[0]?.to).toEqual([INSTRUCTOR]);
      expect(mail[0]?.parsed.subject).toBe(
        `Your driving instructor licence expires on ${addDaysToDate(today, 20).split("-").reverse().join("/")}`,
      );
      expect(mail[0]?.parsed.text).toContain("expires in 20 days");
    } finally {
      await t.database.db
        .update(instructorProfiles)
        .set({ licenseExpiresOn: before?.license ?? null, wwcExpiresOn: before?.wwc ?? null })
        .where(eq(instructorProfiles.userId, instructorId));
    }
  });

  it("a refused send is retried with backoff, fails for good after the maximum, and an admin can retry it", async () => {
    const to = { email: "retry.me@example.com", name: "Retry Me" };
    const id = (
      await enqueueEmails(t.database.db, [
        {
          kind: "password_changed",
          to,
          subject: "Retry me",
          text: "Hello",
          html: "<p>Hello</p>",
          now: t.clock.now,
        },
      ])
    )[0];
    inbox.rejectNext(1);
    expect(await deliverDueEmails(ctx)).toEqual({ sent: 0, failed: 1 });
    let [row] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, id ?? ""));
    expect(row).toMatchObject({ status: "PENDING", attempts: 1 });
    expect(row?.lastError).toContain("Mailbox busy");
    // Not due before its backoff (1 minute after the first failure).
    expect(await deliverDueEmails(ctx)).toEqual({ sent: 0, failed: 0 });
    t.clock.now = new Date(t.clock.now.getTime() + 61_000);
    expect(await deliverDueEmails(ctx)).toEqual({ sent: 1, failed: 0 });
    expect(await inbox.to(to.email)).toHaveLength(1);

    const failing = (
      await enqueueEmails(t.database.db, [
        {
          kind: "password_changed",
          to,
          subject: "Fails",
          text: "x",
          html: "x",
          now: t.clock.now,
        },
      ])
    )[0];
    inbox.rejectNext(3);
    for (let i = 0; i < 3; i++) {
      await deliverDueEmails(ctx);
      t.clock.now = new Date(t.clock.now.getTime() + 5 * 60_000);
    }
    [row] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, failing ?? ""));
    expect(row).toMatchObject({ status: "FAILED", attempts: 3 });

    const list = await http.get("/api/admin/outbox?status=failed", admin);
    expect(list.status).toBe(200);
    expect(list.body.items.map((m: { id: string }) => m.id)).toContain(failing);
    expect(list.body.items[0]).not.toHaveProperty("htmlBody");
    expect((await http.get("/api/admin/outbox", demo.token)).status).toBe(403);

    const retry = await http.post(`/api/admin/outbox/${failing}/retry`, undefined, admin);
    expect(retry.status).toBe(200);
    expect(retry.body.message).toMatchObject({ id: failing, status: "SENT", attempts: 4 });
    const again = await http.post(`/api/admin/outbox/${failing}/retry`, undefined, admin);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "invalid_state", details: { status: "SENT" } });
    // Malformed retries are 400s the document declares: the contract is enforced here, where an
    // undeclared status would be a 500 contract_violation.
    expect(t.env.RESPONSE_CONTRACT).toBe("enforce");
    const badId = await http.post("/api/admin/outbox/not-an-id/retry", undefined, admin);
    expect(badId.status).toBe(400);
    expect(badId.body.error).toMatchObject({ code: "validation_error" });
    const brokenBody = await t.app.inject({
      method: "POST",
      url: `/api/admin/outbox/${failing}/retry`,
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      payload: '{"a":',
    });
    expect(brokenBody.statusCode).toBe(400);
    expect(brokenBody.json().error).toEqual({
      code: "bad_request",
      message: "The request body is not valid JSON",
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, failing ?? ""));
    expect(audit).toMatchObject([{ action: "outbox.retry", targetType: "outbox" }]);
  });

  it.runIf(kind === "postgres")("two processes delivering at once send each message once", async () => {
    // A second connection pool on the same database stands in for a second API process.
    const result = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: Array<{ name: string }>;
    };
    const current = result.rows[0];
    const url = new URL(process.env.TEST_DATABASE_URL ?? "");
    url.pathname = `/${current?.name}`;
    const other = await openDatabase({ url: url.toString(), poolSize: 5 });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) {
        const id = (
          await enqueueEmails(t.database.db, [
            {
              kind: "password_changed",
              to: { email: `race.${i}@example.com` },
              subject: `Race ${i}`,
              text: "x",
              html: "x",
              now: t.clock.now,
            },
          ])
        )[0];
        if (id) ids.push(id);
      }
      const second: OutboxContext = { ...ctx, db: other.db };
      const reports = await Promise.all([
        deliverDueEmails(ctx),
        deliverDueEmails(second),
        deliverDueEmails(ctx),
      ]);
      expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(30);
      const mail = (await inbox.messages()).filter((m) => m.parsed.subject?.startsWith("Race "));
      expect(mail).toHaveLength(30);
      expect(new Set(mail.map((m) => m.parsed.messageId)).size).toBe(30);
    } finally {
      await other.close();
    }
  });
});

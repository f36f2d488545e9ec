/**
 * Messages between a learner and an instructor (issue 23 item 5), over HTTP against a real database:
 * both directions on the same paths, a stranger's 404, plain text of 1–1000 characters, the sender's
 * rate limit, paging back, the batched email reaching an SMTP inbox once with a link back, and the
 * admin's audited read.
 */
import { MESSAGE_MAX_LENGTH, MESSAGE_RATE_LIMIT, MESSAGE_RATE_WINDOW_MINUTES } from "@kerb/shared";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditLog, messages, outbox } from "../../db/schema/index.ts";
import { demoProvider } from "../../platform/card-provider/payment-provider.ts";
import { runNotificationScan, type ScanContext } from "../../scheduled-emails.ts";
import { useDemoMailApp } from "../../test/demo-mail-app.ts";
import {
  addHours,
  insertLesson,
  newInstructor,
  newStudent,
} from "../../test/fixtures/instructor-fixtures.ts";
import type { Http } from "../../test/fixtures/student-lesson-fixtures.ts";
import type { OutboxMail } from "../../test/mail-fixtures.ts";
import { describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { createTransact } from "../../unit-of-work.ts";

type Person = { id: string; token: string };
type LessonStatus = "SCHEDULED" | "COMPLETED" | "NO_SHOW" | "CANCELLED" | "PENDING_PAYMENT" | "EXPIRED";

describeEachDatabase("messages between a learner and an instructor", (kind) => {
  let t: TestApp;
  let http: Http;
  let base: Date;
  let admin: string;
  let mailbox: OutboxMail;
  let scan: ScanContext;

  useDemoMailApp(kind, (app) => {
    ({ t, http, base, admin, mailbox } = app);
    const outboxCtx = { ...mailbox.ctx, payments: demoProvider };
    scan = { ...outboxCtx, transact: createTransact(outboxCtx) };
  });

  let lessonHour = 0;
  /** A lesson between the two in `status`, each at an hour of its own (no two overlap). */
  async function lessonBetween(student: Person, instructor: Person, status: LessonStatus = "SCHEDULED") {
    lessonHour += 2;
    const past = status === "COMPLETED" || status === "NO_SHOW";
    const start = addHours(base, past ? -24 * 30 + lessonHour : 24 * 30 + lessonHour);
    return insertLesson(t.database.db, {
      studentId: student.id,
      instructorId: instructor.id,
      start,
      status,
      ...(past ? { completedAt: addHours(start, 2) } : {}),
    });
  }

  /** A learner and an instructor of their own, with a lesson together. */
  async function pair(status: LessonStatus = "SCHEDULED") {
    const student = await newStudent(http, { firstName: "Lee", lastName: "Learner" });
    const instructor = await newInstructor(http, t.database.db, { firstName: "Ivy", lastName: "Ng" });
    await lessonBetween(student, instructor, status);
    return { student, instructor };
  }

  const conversation = (me: Person, otherId: string, query = "") =>
    http.get(`/api/messages/conversations/${otherId}${query}`, me.token);
  const send = (me: Person, otherId: string, body: unknown) =>
    http.post(`/api/messages/conversations/${otherId}`, { body }, me.token);
  const list = (me: Person) => http.get("/api/messages/conversations", me.token);
  const unread = async (me: Person) => (await http.get("/api/messages/unread", me.token)).body.unread;

  it("goes both ways on the same paths: list, unread count, read marks read, reply", async () => {
    const { student, instructor } = await pair();
    // The instructor's lesson names the learner's id (its Message button); the student's, the instructor's.
    const lessons = await http.get("/api/instructor/lessons", instructor.token);
    expect(lessons.body.items.map((l: { studentId: string }) => l.studentId)).toEqual([student.id]);
    const profile = await http.get("/api/student/profile", student.token);
    expect(profile.body.bookings.map((b: { instructor: { id: string } }) => b.instructor.id)).toEqual([
      instructor.id,
    ]);

    const sent = await send(student, instructor.id, "  Can you pick me up at the station?  ");
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({
      body: "Can you pick me up at the station?",
      fromMe: true,
      readAt: null,
      sentAt: t.clock.now.toISOString(),
    });

    expect(await unread(instructor)).toBe(1);
    expect(await unread(student)).toBe(0);
    const inbox = await list(instructor);
    expect(inbox.status).toBe(200);
    expect(inbox.body).toEqual({
      items: [
        {
          with: { id: student.id, firstName: "Lee", lastName: "Learner", role: "STUDENT" },
          lastMessage: {
            body: "Can you pick me up at the station?",
            sentAt: sent.body.message.sentAt,
            fromMe: false,
          },
          unreadCount: 1,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    });

    t.clock.advanceMinutes(1);
    const read = await conversation(instructor, student.id);
    expect(read.status).toBe(200);
    expect(read.body.with).toEqual({
      id: student.id,
      firstName: "Lee",
      lastName: "Learner",
      role: "STUDENT",
    });
    expect(read.body.messages).toEqual([
      {
        id: sent.body.message.id,
        body: "Can you pick me up at the station?",
        sentAt: sent.body.message.sentAt,
        fromMe: false,
        readAt: t.clock.now.toISOString(),
      },
    ]);
    expect(read.body.hasOlder).toBe(false);
    expect(await unread(instructor)).toBe(0);
    // No phone number or email of the other person anywhere in these answers.
    expect(JSON.stringify([inbox.body, read.body])).not.toMatch(/0400|@example\.com/);

    t.clock.advanceMinutes(1);
    expect((await send(instructor, student.id, "Yes, 9 am at the north entrance.")).status).toBe(201);
    const studentView = await conversation(student, instructor.id);
    expect(studentView.body.with).toMatchObject({ id: instructor.id, firstName: "Ivy", role: "INSTRUCTOR" });
    expect(
      studentView.body.messages.map((m: { body: string; fromMe: boolean }) => [m.body, m.fromMe]),
    ).toEqual([
      ["Can you pick me up at the station?", true],
      ["Yes, 9 am at the north entrance.", false],
    ]);
    // The student's own message shows as read by the instructor.
    expect(studentView.body.messages[0].readAt).not.toBeNull();
    expect((await list(student)).body.items[0]).toMatchObject({
      with: { id: instructor.id, role: "INSTRUCTOR" },
      lastMessage: { body: "Yes, 9 am at the north entrance.", fromMe: false },
      unreadCount: 0,
    });
  });

  it("lists conversations latest first, each with its own unread count", async () => {
    const student = await newStudent(http);
    const first = await newInstructor(http, t.database.db, { firstName: "Ada" });
    const second = await newInstructor(http, t.database.db, { firstName: "Bo" });
    await lessonBetween(student, first);
    await lessonBetween(student, second, "COMPLETED");
    await send(first, student.id, "One");
    t.clock.advanceMinutes(1);
    await send(second, student.id, "Two");
    t.clock.advanceMinutes(1);
    await send(second, student.id, "Three");
    const res = await list(student);
    expect(res.body.total).toBe(2);
    expect(
      res.body.items.map(
        (c: { with: { firstName: string }; unreadCount: number; lastMessage: { body: string } }) => [
          c.with.firstName,
          c.lastMessage.body,
          c.unreadCount,
        ],
      ),
    ).toEqual([
      ["Bo", "Three", 2],
      ["Ada", "One", 1],
    ]);
    expect(await unread(student)).toBe(3);
  });

  it("is 404 for anyone without a lesson together: a stranger, a hold, a cancelled lesson, no such user", async () => {
    const { student, instructor } = await pair();
    const stranger = await newInstructor(http, t.database.db);
    const otherStudent = await newStudent(http);
    const nobody = "00000000-0000-4000-8000-000000000000";
    const notFound = { error: { code: "not_found", message: "Conversation not found" } };

    for (const otherId of [stranger.id, otherStudent.id, nobody, student.id]) {
      const read = await conversation(student, otherId);
      expect(read.status).toBe(404);
      expect(read.body).toEqual(notFound);
      const write = await send(student, otherId, "Hello");
      expect(write.status).toBe(404);
      expect(write.body).toEqual(notFound);
    }
    // The instructor cannot reach a learner they have never taught either.
    expect((await send(instructor, otherStudent.id, "Hi")).status).toBe(404);

    // An unpaid hold, a lapsed hold or a cancelled lesson does not open a conversation…
    for (const status of ["PENDING_PAYMENT", "EXPIRED", "CANCELLED"] as const) {
      const learner = await newStudent(http);
      await lessonBetween(learner, stranger, status);
      expect((await send(learner, stranger.id, "Hi")).status).toBe(404);
      expect((await send(stranger, learner.id, "Hi")).status).toBe(404);
    }
    // …a taught or missed one does.
    for (const status of ["COMPLETED", "NO_SHOW"] as const) {
      const learner = await newStudent(http);
      await lessonBetween(learner, stranger, status);
      expect((await send(learner, stranger.id, "Thanks for the lesson")).status).toBe(201);
      expect((await send(stranger, learner.id, "You're welcome")).status).toBe(201);
    }
    expect(
      await t.database.db.select().from(messages).where(eq(messages.instructorId, instructor.id)),
    ).toEqual([]);
    // A path id that is not a uuid is refused by its schema.
    expect((await conversation(student, "not-a-uuid")).status).toBe(400);
  });

  it("takes plain text of 1 to 1000 characters, trimmed, with clear messages", async () => {
    const { student, instructor } = await pair();
    for (const body of ["", "   \n  "]) {
      const res = await send(student, instructor.id, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(JSON.stringify(res.body.error)).toContain("Write a message before sending it");
    }
    const long = await send(student, instructor.id, "a".repeat(MESSAGE_MAX_LENGTH + 1));
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body.error)).toContain("Keep a message to 1000 characters or fewer");
    const control = await send(student, instructor.id, "null \u0000 byte");
    expect(control.status).toBe(400);
    expect(JSON.stringify(control.body.error)).toContain("Remove the control characters");
    expect((await send(student, instructor.id, 42)).status).toBe(400);
    expect((await http.post(`/api/messages/conversations/${instructor.id}`, {}, student.token)).status).toBe(
      400,
    );

    const longest = await send(student, instructor.id, ` ${"b".repeat(MESSAGE_MAX_LENGTH)} `);
    expect(longest.status).toBe(201);
    expect(longest.body.message.body).toHaveLength(MESSAGE_MAX_LENGTH);
    // Markup is kept as the text it is: the client shows it as text.
    const markup = await send(student, instructor.id, "<b>see you</b>\nat 9");
    expect(markup.body.message.body).toBe("<b>see you</b>\nat 9");
  });

  it(`allows ${MESSAGE_RATE_LIMIT} messages per sender in ${MESSAGE_RATE_WINDOW_MINUTES} minutes, over all their conversations`, async () => {
    const { student, instructor } = await pair();
    const other = await newInstructor(http, t.database.db);
    await lessonBetween(student, other);
    for (let i = 0; i < MESSAGE_RATE_LIMIT; i += 1) {
      const to = i % 2 === 0 ? instructor.id : other.id;
      expect((await send(student, to, `Message ${i + 1}`)).status).toBe(201);
      if (i === 0) t.clock.advanceMinutes(4);
    }
    const refused = await send(student, instructor.id, "One too many");
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("rate_limited");
    // The first message leaves the window 6 minutes from now; the others 10.
    expect(refused.body.error.message).toBe(
      "You've sent 20 messages in the last 10 minutes, the most Kerb allows. Please wait 6 minutes before sending another.",
    );
    expect(refused.headers["retry-after"]).toBe("360");
    // The other side is not held back by it.
    expect((await send(instructor, student.id, "No rush")).status).toBe(201);

    t.clock.advanceMinutes(6);
    expect((await send(student, instructor.id, "Now it goes")).status).toBe(201);
    expect((await send(student, instructor.id, "But not this one")).status).toBe(429);
  });

  it("holds the limit when one sender sends many at once (a race only PostgreSQL can show)", async () => {
    const { student, instructor } = await pair();
    const results = await Promise.all(
      Array.from({ length: MESSAGE_RATE_LIMIT + 5 }, (_, i) => send(student, instructor.id, `Burst ${i}`)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(MESSAGE_RATE_LIMIT);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
  });

  it("pages back from the latest messages, oldest first", async () => {
    const { student, instructor } = await pair();
    const ids: string[] = [];
    for (let i = 1; i <= 5; i += 1) {
      const res = await send(i % 2 ? student : instructor, i % 2 ? instructor.id : student.id, `#${i}`);
      ids.push(res.body.message.id);
      t.clock.advanceMinutes(1);
    }
    const latest = await conversation(student, instructor.id, "?limit=2");
    expect(latest.body.messages.map((m: { body: string }) => m.body)).toEqual(["#4", "#5"]);
    expect(latest.body.hasOlder).toBe(true);
    const older = await conversation(student, instructor.id, `?limit=2&before=${latest.body.messages[0].id}`);
    expect(older.body.messages.map((m: { body: string }) => m.body)).toEqual(["#2", "#3"]);
    const oldest = await conversation(student, instructor.id, `?limit=2&before=${older.body.messages[0].id}`);
    expect(oldest.body.messages.map((m: { body: string }) => m.body)).toEqual(["#1"]);
    expect(oldest.body.hasOlder).toBe(false);

    // A cursor from another conversation, or a limit out of range, is refused.
    const elsewhere = await pair();
    const foreign = await send(elsewhere.student, elsewhere.instructor.id, "elsewhere");
    expect((await conversation(student, instructor.id, `?before=${foreign.body.message.id}`)).status).toBe(
      404,
    );
    expect((await conversation(student, instructor.id, "?limit=0")).status).toBe(400);
    expect((await conversation(student, instructor.id, "?limit=101")).status).toBe(400);
  });

  it("emails the other side once, batched, after 5 minutes unread, with a link back", async () => {
    const { student, instructor } = await pair();
    const studentEmail = (await http.get("/api/student/profile", student.token)).body.email as string;
    await mailbox.takeDelivered();
    const toInstructor = async () =>
      (await mailbox.takeDelivered()).filter((m) => m.to.includes(instructor.email));

    await send(student, instructor.id, "Running 10 minutes late, sorry!");
    t.clock.advanceMinutes(2);
    await send(student, instructor.id, "Parked outside the library.");
    t.clock.advanceMinutes(2);
    // Four minutes after the first: not due yet.
    await runNotificationScan(scan);
    expect(await toInstructor()).toEqual([]);

    t.clock.advanceMinutes(1);
    // Two scans at once (two replicas) and another after: one email.
    await Promise.all([runNotificationScan(scan), runNotificationScan(scan)]);
    await runNotificationScan(scan);
    const mail = await toInstructor();
    expect(mail).toHaveLength(1);
    const email = mail[0];
    expect(email?.parsed.subject).toBe("2 new messages from Lee Learner");
    const text = email?.parsed.text ?? "";
    expect(text).toContain("Hi Ivy,");
    expect(text).toContain("You have 2 unread messages on Kerb.");
    expect(text).toContain('"Parked outside the library."');
    expect(text).toContain(`/instructor/messages/${student.id}`);
    expect(email?.parsed.html).toContain(`/instructor/messages/${student.id}`);

    const rows = await t.database.db.select().from(messages).where(eq(messages.instructorId, instructor.id));
    expect(rows.map((r) => r.notifiedAt?.toISOString())).toEqual([
      t.clock.now.toISOString(),
      t.clock.now.toISOString(),
    ]);
    expect(
      await t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toEmail, instructor.email), eq(outbox.kind, "new_messages"))),
    ).toHaveLength(1);

    // A new message later is a new email; one read within the 5 minutes is never emailed.
    t.clock.advanceMinutes(30);
    await send(student, instructor.id, "Thanks for today!");
    t.clock.advanceMinutes(6);
    await runNotificationScan(scan);
    const next = await toInstructor();
    expect(next.map((m) => m.parsed.subject)).toEqual(["New message from Lee Learner"]);

    await send(instructor, student.id, "See you next week.");
    t.clock.advanceMinutes(2);
    await conversation(student, instructor.id);
    t.clock.advanceMinutes(10);
    await runNotificationScan(scan);
    expect((await mailbox.takeDelivered()).filter((m) => m.to.includes(studentEmail))).toEqual([]);
  });

  it("one email covers several people's messages to the same recipient", async () => {
    const student = await newStudent(http, { firstName: "Kim", lastName: "Park" });
    const email = (await http.get("/api/student/profile", student.token)).body.email as string;
    const ada = await newInstructor(http, t.database.db, { firstName: "Ada", lastName: "One" });
    const bo = await newInstructor(http, t.database.db, { firstName: "Bo", lastName: "Two" });
    await lessonBetween(student, ada);
    await lessonBetween(student, bo);
    await mailbox.takeDelivered();

    await send(ada, student.id, "Lesson moved to the car park");
    t.clock.advanceMinutes(1);
    await send(bo, student.id, "Bring your logbook");
    t.clock.advanceMinutes(5);
    await runNotificationScan(scan);
    const mail = (await mailbox.takeDelivered()).filter((m) => m.to.includes(email));
    expect(mail.map((m) => m.parsed.subject)).toEqual(["2 new messages from Bo Two and 1 other"]);
    const text = mail[0]?.parsed.text ?? "";
    expect(text).toContain(`/student/messages/${ada.id}`);
    expect(text).toContain(`/student/messages/${bo.id}`);
    expect(text.indexOf("Bo Two")).toBeLessThan(text.indexOf("Ada One"));
  });

  it("lets an admin read a conversation, oldest first, and audits every read", async () => {
    const { student, instructor } = await pair();
    await send(student, instructor.id, "Where do we meet?");
    t.clock.advanceMinutes(1);
    await send(instructor, student.id, "At the station.");

    const url = `/api/admin/messages?studentId=${student.id}&instructorId=${instructor.id}`;
    const res = await http.get(url, admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      student: { id: student.id, firstName: "Lee", lastName: "Learner" },
      instructor: { id: instructor.id, firstName: "Ivy", lastName: "Ng", email: instructor.email },
      total: 2,
      page: 1,
      pageSize: 20,
    });
    expect(res.body.items.map((m: { body: string; sentBy: string }) => [m.sentBy, m.body])).toEqual([
      ["STUDENT", "Where do we meet?"],
      ["INSTRUCTOR", "At the station."],
    ]);
    expect(res.body.items[0]).toMatchObject({ readAt: null, emailedAt: null });
    await http.get(`${url}&page=2`, admin);

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "conversation.read"), eq(auditLog.targetId, student.id)));
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({
      targetType: "conversation",
      details: { studentId: student.id, instructorId: instructor.id, page: 1, messagesShown: 2 },
    });
    // Reading does not mark anything read for the two people.
    expect(await unread(instructor)).toBe(1);
    expect(await unread(student)).toBe(1);

    // The ids the wrong way round, or someone who does not exist: 404; a missing id: 400.
    const swapped = await http.get(
      `/api/admin/messages?studentId=${instructor.id}&instructorId=${student.id}`,
      admin,
    );
    expect(swapped.status).toBe(404);
    expect((await http.get(`/api/admin/messages?studentId=${student.id}`, admin)).status).toBe(400);
  });

  it("is for signed-in learners and instructors only; the admin read for admins only", async () => {
    const { student, instructor } = await pair();
    expect((await http.get("/api/messages/conversations")).status).toBe(401);
    expect((await http.get("/api/messages/unread")).status).toBe(401);
    expect((await http.post(`/api/messages/conversations/${instructor.id}`, { body: "hi" })).status).toBe(
      401,
    );
    expect((await http.get("/api/messages/conversations", admin)).status).toBe(403);
    expect(
      (await http.post(`/api/messages/conversations/${instructor.id}`, { body: "hi" }, admin)).status,
    ).toBe(403);
    const adminUrl = `/api/admin/messages?studentId=${student.id}&instructorId=${instructor.id}`;
    expect((await http.get(adminUrl)).status).toBe(401);
    expect((await http.get(adminUrl, student.token)).status).toBe(403);
    expect((await http.get(adminUrl, instructor.token)).status).toBe(403);
  });
});

/**
 * Compliance that holds: verifying needs both dates and emails the instructor; delisting or a lapsed
 * document puts the instructor's lessons on the admin follow-up list, tells each student once and lets
 * them cancel with a full refund whatever the notice; the scan notices expiries by itself.
 */
import { addDaysToDate, sydneyTodayDate } from "@kerb/shared/rules";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLog, instructorProfiles, outbox } from "../../db/schema/index.ts";
import { demoProvider } from "../../platform/card-provider/payment-provider.ts";
import {
  addHours,
  insertBundle,
  insertLesson,
  insertPaidLesson,
  newInstructor,
  newStudent,
  readBooking,
  readBundle,
  userIdByEmail,
} from "../../test/fixtures/instructor-fixtures.ts";
import { api, instructorPayload } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { createTransact } from "../../unit-of-work.ts";
import { runComplianceScan } from "./run-compliance-scan.ts";

describeEachDatabase("compliance", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    adminToken = (await http.login("admin@demo.test")).accessToken;
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const mailTo = (email: string) =>
    db()
      .select({
        kind: outbox.kind,
        subject: outbox.subject,
        text: outbox.textBody,
        dedupeKey: outbox.dedupeKey,
      })
      .from(outbox)
      .where(eq(outbox.toEmail, email))
      .orderBy(asc(outbox.createdAt));
  const followUp = async () => {
    const res = await http.get("/api/admin/compliance/follow-up?pageSize=100", adminToken);
    expect(res.status).toBe(200);
    return res.body.items as Array<{ id: string; reasons: string[]; studentNotifiedAt: string | null }>;
  };
  const scan = () => {
    const ctx = { db: db(), now: () => t.clock.now, env: t.env, payments: demoProvider, log: t.app.log };
    return runComplianceScan({ ...ctx, transact: createTransact(ctx) });
  };
  const studentEmail = async (token: string) => {
    const profile = await http.get("/api/student/profile", token);
    return profile.body.email as string;
  };

  it("lets only admins read the follow-up list", async () => {
    const student = await http.login("student@demo.test");
    const instructor = await http.login("instructor@demo.test");
    expect((await t.app.inject({ url: "/api/admin/compliance/follow-up" })).statusCode).toBe(401);
    for (const token of [student.accessToken, instructor.accessToken]) {
      expect((await http.get("/api/admin/compliance/follow-up", token)).status).toBe(403);
    }
    expect((await http.get("/api/admin/compliance/follow-up?pageSize=0", adminToken)).status).toBe(400);
  });

  it("emails the instructor when verified, with both dates", async () => {
    const res = await http.post("/api/auth/register/instructor", instructorPayload({ firstName: "Vera" }));
    const { id, email } = res.body.user as { id: string; email: string };
    const expiry = addDaysToDate(sydneyTodayDate(t.clock.now), 200);
    const verified = await http.post(
      `/api/admin/instructors/${id}/verify`,
      { licenseNumberChecked: true, licenseExpiresOn: expiry, wwcExpiresOn: expiry },
      adminToken,
    );
    expect(verified.status).toBe(200);
    const mail = await mailTo(email);
    expect(mail.map((m) => m.kind)).toContain("instructor_verified");
    const message = mail.find((m) => m.kind === "instructor_verified");
    expect(message?.subject).toMatch(/verified/);
    const [y, m, d] = expiry.split("-");
    expect(message?.text).toContain(`${d}/${m}/${y}`); // en-AU date
  });

  it("delisting emails each student once, listing all their lessons; a lesson found later gets its own email", async () => {
    const ivy = await newInstructor(http, db(), { firstName: "Fran", lastName: "Four" });
    const student = await newStudent(http);
    const other = await newStudent(http);
    const lessonAt = (days: number, studentId = student.id) =>
      insertPaidLesson(db(), { studentId, instructorId: ivy.id, start: addHours(t.clock.now, 24 * days) });
    const mine = [await lessonAt(3), await lessonAt(4), await lessonAt(5), await lessonAt(6)];
    const theirs = await lessonAt(7, other.id);

    const rejected = await http.post(
      `/api/admin/instructors/${ivy.id}/reject`,
      { reason: "Lapsed" },
      adminToken,
    );
    expect(rejected.status).toBe(200);
    const unavailableTo = async (token: string) =>
      (await mailTo(await studentEmail(token))).filter((m) => m.kind === "instructor_unavailable");
    let mail = await unavailableTo(student.token);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe("Your 4 lessons with Fran Four may not go ahead");
    expect(mail[0]?.text.match(/^Lesson \d: /gm)).toHaveLength(4);
    expect(mail[0]?.text).toContain("a lesson paid by card comes back to your card in full");
    expect(await unavailableTo(other.token)).toHaveLength(1);
    const notified = (await followUp()).filter((l) => [...mine.map((m) => m.id), theirs.id].includes(l.id));
    expect(notified).toHaveLength(5);
    for (const lesson of notified) expect(lesson.studentNotifiedAt).toBe(t.clock.now.toISOString());

    // The scan tells nobody again; a lesson it finds that nobody was told of gets an email of its own.
    await scan();
    expect(await unavailableTo(student.token)).toHaveLength(1);
    // A minute on, so the two emails have an order (the list is by created time).
    t.clock.advanceMinutes(1);
    const later = await lessonAt(8);
    await Promise.all([scan(), scan()]);
    mail = await unavailableTo(student.token);
    expect(mail).toHaveLength(2);
    expect(mail[1]?.subject).toBe("Your lesson with Fran Four may not go ahead");
    expect(mail[1]?.dedupeKey).toBe(`instructor_unavailable:${later.id}`);
    await scan();
    expect(await unavailableTo(student.token)).toHaveLength(2);
  });

  it("delisting puts future lessons on the follow-up list, tells each student once and refunds in full", async () => {
    const ivy = await newInstructor(http, db(), { firstName: "Dana", lastName: "Delisted" });
    const cardStudent = await newStudent(http);
    const bundleStudent = await newStudent(http);
    // Tomorrow: under 24 h ahead would normally refund nothing.
    const soon = addHours(t.clock.now, 20);
    const card = await insertPaidLesson(db(), {
      studentId: cardStudent.id,
      instructorId: ivy.id,
      start: soon,
    });
    const bundle = await insertBundle(db(), {
      studentId: bundleStudent.id,
      totalLessons: 5,
      usedLessons: 1,
      instructorId: ivy.id,
      suburb: "Parramatta",
    });
    const credit = await insertLesson(db(), {
      studentId: bundleStudent.id,
      instructorId: ivy.id,
      start: addHours(t.clock.now, 24 * 10),
      bundleId: bundle.id,
      priceCents: 7000,
    });
    const past = await insertLesson(db(), {
      studentId: cardStudent.id,
      instructorId: ivy.id,
      start: addHours(t.clock.now, -48),
      status: "COMPLETED",
    });

    // Listed: nothing to follow up, and the normal tier applies.
    expect((await followUp()).map((l) => l.id)).not.toContain(card.id);
    const before = await http.get(`/api/student/bookings/${card.id}/cancellation`, cardStudent.token);
    expect(before.body.tier).toBe("none");

    const rejected = await http.post(
      `/api/admin/instructors/${ivy.id}/reject`,
      { reason: "Licence suspended by Service NSW" },
      adminToken,
    );
    expect(rejected.status).toBe(200);

    const list = await followUp();
    const ours = list.filter((l) => [card.id, credit, past].includes(l.id));
    expect(ours.map((l) => l.id)).toEqual([card.id, credit]); // soonest first; the past lesson is not there
    for (const lesson of ours) {
      expect(lesson.reasons).toEqual(["REJECTED"]);
      expect(lesson.studentNotifiedAt).toBe(t.clock.now.toISOString());
    }

    const instructorMail = await mailTo(ivy.email);
    const delisted = instructorMail.filter((m) => m.kind === "instructor_delisted");
    expect(delisted).toHaveLength(1);
    expect(delisted[0]?.subject).toBe("You are no longer listed on Kerb");
    expect(delisted[0]?.text).toContain("Licence suspended by Service NSW");
    expect(delisted[0]?.text).toContain("2 booked lessons");

    const cardMail = (await mailTo(await studentEmail(cardStudent.token))).filter(
      (m) => m.kind === "instructor_unavailable",
    );
    expect(cardMail).toHaveLength(1);
    expect(cardMail[0]).toMatchObject({
      subject: "Your lesson with Dana Delisted may not go ahead",
      dedupeKey: `instructor_unavailable:${card.id}`,
    });
    expect(cardMail[0]?.text).toContain("cancel it with a full refund");
    const bundleMail = (await mailTo(await studentEmail(bundleStudent.token))).filter(
      (m) => m.kind === "instructor_unavailable",
    );
    expect(bundleMail).toHaveLength(1);
    expect(bundleMail[0]?.text).toContain("move your credits to another instructor");

    // The scan finds the same lessons and sends nothing again.
    await scan();
    expect(
      (await mailTo(await studentEmail(cardStudent.token))).filter(
        (m) => m.kind === "instructor_unavailable",
      ),
    ).toHaveLength(1);

    // The student sees the notice, and cancelling is the full tier whatever the notice.
    const profile = await http.get("/api/student/profile", cardStudent.token);
    const mine = profile.body.bookings.find((b: { id: string }) => b.id === card.id);
    expect(mine.instructorUnavailable).toBe(true);
    const preview = await http.get(`/api/student/bookings/${card.id}/cancellation`, cardStudent.token);
    expect(preview.body).toMatchObject({ tier: "full", refund: { amount: 88, gst: 8, method: "CARD" } });
    const cancelled = await http.post(`/api/student/bookings/${card.id}/cancel`, {}, cardStudent.token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refund).toMatchObject({ amount: 88, method: "CARD" });
    expect((await readBooking(db(), card.id)).status).toBe("CANCELLED");

    // A bundle student gets the credit back the same way, and may then move the credits.
    const creditCancel = await http.post(`/api/student/bookings/${credit}/cancel`, {}, bundleStudent.token);
    expect(creditCancel.body.refund.method).toBe("CREDIT");
    expect((await readBundle(db(), bundle.id)).usedLessons).toBe(0);
    const demoInstructorId = await userIdByEmail(db(), "instructor@demo.test");
    const moved = await http.put(
      `/api/student/bundles/${bundle.id}/instructor`,
      { instructorId: demoInstructorId },
      bundleStudent.token,
    );
    expect(moved.status).toBe(200);

    // Cancelled lessons leave the follow-up list.
    expect((await followUp()).filter((l) => [card.id, credit].includes(l.id))).toEqual([]);
  });

  it("the scan notices a lapsed document once: instructor and students emailed, audited as the system", async () => {
    const ivy = await newInstructor(http, db(), { firstName: "Ezra", lastName: "Expiring" });
    const student = await newStudent(http);
    const lesson = await insertPaidLesson(db(), {
      studentId: student.id,
      instructorId: ivy.id,
      start: addHours(t.clock.now, 24 * 5),
    });
    const today = sydneyTodayDate(t.clock.now);
    await db()
      .update(instructorProfiles)
      .set({ wwcExpiresOn: today })
      .where(eq(instructorProfiles.userId, ivy.id));
    // Valid on the expiry date itself: nothing happens yet.
    const delistedMail = async () =>
      (await mailTo(ivy.email)).filter((m) => m.kind === "instructor_delisted");
    await scan();
    expect(await delistedMail()).toEqual([]);
    expect((await followUp()).map((l) => l.id)).not.toContain(lesson.id);

    // The next day the check has lapsed.
    t.clock.advanceMinutes(24 * 60);
    const first = await scan();
    expect(first.instructorsNotified).toBeGreaterThanOrEqual(1);
    const again = await scan();
    expect(again).toMatchObject({ instructorsNotified: 0, studentsNotified: 0 });

    const instructorMail = await delistedMail();
    expect(instructorMail).toHaveLength(1);
    expect(instructorMail[0]?.text).toContain("Working With Children check expired");
    const studentMail = (await mailTo(await studentEmail(student.token))).filter(
      (m) => m.kind === "instructor_unavailable",
    );
    expect(studentMail).toHaveLength(1);
    const item = (await followUp()).find((l) => l.id === lesson.id);
    expect(item?.reasons).toEqual(["WWC_EXPIRED"]);

    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, ivy.id), eq(auditLog.action, "instructor.documents_expired")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null, details: { lessonsAffected: 1 } });

    // Renewed, then lapsed again later: a new lapse is a new notice to the instructor.
    const renewed = addDaysToDate(sydneyTodayDate(t.clock.now), 2);
    await http.patch(`/api/admin/instructors/${ivy.id}/compliance`, { wwcExpiresOn: renewed }, adminToken);
    expect((await followUp()).map((l) => l.id)).not.toContain(lesson.id);
    t.clock.advanceMinutes(3 * 24 * 60);
    await scan();
    expect(await delistedMail()).toHaveLength(2);
  });

  it("an instructor listed before dates were required is flagged and followed up, but students are not alarmed", async () => {
    const ivy = await newInstructor(http, db(), { firstName: "Lee", lastName: "Legacy" });
    const student = await newStudent(http);
    const lesson = await insertPaidLesson(db(), {
      studentId: student.id,
      instructorId: ivy.id,
      start: addHours(t.clock.now, 24 * 3),
    });
    await db()
      .update(instructorProfiles)
      .set({ licenseExpiresOn: null, wwcExpiresOn: null })
      .where(eq(instructorProfiles.userId, ivy.id));

    const item = (await followUp()).find((l) => l.id === lesson.id);
    expect(item).toMatchObject({ reasons: ["DOCUMENTS_MISSING"], studentNotifiedAt: null });
    const flagged = await http.get("/api/admin/instructors?flagged=true&pageSize=100", adminToken);
    expect(flagged.body.items.map((i: { id: string }) => i.id)).toContain(ivy.id);

    await scan();
    const mail = await db()
      .select({ id: outbox.id })
      .from(outbox)
      .where(like(outbox.dedupeKey, `instructor_unavailable:${lesson.id}`));
    expect(mail).toEqual([]);
  });
});

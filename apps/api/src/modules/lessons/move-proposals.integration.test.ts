/**
 * Moves not only by the student (issue 21 item 4), over HTTP: the instructor or an admin proposes a new
 * time, checked then as a move would be; the student is emailed and sees it on their bookings; accepting
 * moves the lesson by the reschedule's path (checked again), declining leaves it; a proposal lapses 24
 * hours before the lesson; a cancellation withdraws it. Audited, and mailed over SMTP.
 */
import { sydneyWallTimeToInstant } from "@kerb/shared/rules";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditLog, bookings, lessonMoveProposals } from "../../db/schema/index.ts";
import { freshWeekdays, holdLesson, listSlots, registerStudent } from "../../test/booking-fixtures.ts";
import { useDemoMailApp } from "../../test/demo-mail-app.ts";
import {
  addHours,
  insertLesson,
  newInstructor,
  readBooking,
} from "../../test/fixtures/instructor-fixtures.ts";
import type { Http } from "../../test/fixtures/student-lesson-fixtures.ts";
import type { OutboxMail } from "../../test/mail-fixtures.ts";
import { aStudentWithPaidLesson } from "../../test/scenarios.ts";
import { describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const INSTRUCTOR = "instructor@demo.test";
const ADMIN = "admin@demo.test";

describeEachDatabase("move proposals by the instructor or an admin", (kind) => {
  let t: TestApp;
  let http: Http;
  let base: Date;
  let demo: { id: string; token: string };
  let admin: string;
  let mailbox: OutboxMail;

  useDemoMailApp(kind, (app) => {
    ({ t, http, base, demo, admin, mailbox } = app);
  });

  const freshDate = freshWeekdays(() => base);

  /** The lesson at `hh:00` Sydney time on `date`, as a request body. */
  const at = (date: string, hour: number) => {
    const start = sydneyWallTimeToInstant(date, hour * 60);
    if (!start) throw new Error(`no ${hour}:00 on ${date}`);
    return { startTime: start.toISOString(), endTime: addHours(start, 1).toISOString() };
  };
  const propose = (lessonId: string, body: unknown, token = demo.token) =>
    http.post(`/api/instructor/lessons/${lessonId}/move-proposals`, body, token);
  const adminPropose = (lessonId: string, body: unknown) =>
    http.post(`/api/admin/bookings/${lessonId}/move-proposals`, body, admin);
  const answer = (proposalId: string, how: "accept" | "decline", token: string) =>
    http.post(`/api/student/move-proposals/${proposalId}/${how}`, undefined, token);
  const profileLesson = async (token: string, lessonId: string) => {
    const profile = await http.get("/api/student/profile", token);
    expect(profile.status).toBe(200);
    return profile.body.bookings.find((b: { id: string }) => b.id === lessonId);
  };
  /** A standard (not pool-hours) start the demo instructor offers on `date`, other than `except`. */
  const standardStart = async (date: string, except: string[] = []) => {
    const viewer = await registerStudent(http);
    const slots = await listSlots(http, viewer.accessToken, { date, instructorId: demo.id });
    const slot = slots.find((s) => !s.isPoolHours && !except.includes(s.startTime));
    if (!slot) throw new Error(`no standard slot on ${date}`);
    return { startTime: slot.startTime, endTime: slot.endTime };
  };
  const auditOf = (lessonId: string, action: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, lessonId), eq(auditLog.action, action)));
  const proposalRow = async (id: string) => {
    const [row] = await t.database.db
      .select()
      .from(lessonMoveProposals)
      .where(eq(lessonMoveProposals.id, id));
    return row;
  };

  async function bookedLesson(date = freshDate()) {
    const { student, lesson } = await aStudentWithPaidLesson(t, { date });
    const email = student.email;
    await mailbox.takeDelivered();
    return { student, email, lesson, date };
  }

  it("the instructor proposes; the student is emailed and sees it; accepting moves the lesson and tells the instructor", async () => {
    const { student, email, lesson, date } = await bookedLesson();
    const target = await standardStart(date, [lesson.slot.startTime]);

    const res = await propose(lesson.id, { ...target, note: "  My morning is taken by a test  " });
    expect(res.status).toBe(201);
    const proposal = res.body.proposal;
    expect(proposal).toMatchObject({
      bookingId: lesson.id,
      ...target,
      proposedBy: "INSTRUCTOR",
      status: "PROPOSED",
      note: "My morning is taken by a test",
      decidedAt: null,
      lapsesAt: addHours(lesson.start, -24).toISOString(),
    });
    // Nothing changes until the student accepts.
    expect((await readBooking(t.database.db, lesson.id)).startTime).toEqual(lesson.start);
    expect(await auditOf(lesson.id, "booking.move_proposal")).toMatchObject([
      { actorId: demo.id, details: { proposalId: proposal.id, proposedBy: "INSTRUCTOR", to: target } },
    ]);

    const mail = await mailbox.takeDelivered();
    expect(mail.map((m) => m.to)).toEqual([[email]]);
    const text = mail[0]?.parsed.text ?? "";
    expect(mail[0]?.parsed.subject).toContain("New time proposed for your lesson");
    expect(text).toContain("Daniel");
    expect(text).toContain("My morning is taken by a test");
    expect(text).toContain(`/student/bookings?proposal=${proposal.id}&answer=accept`);
    expect(text).toContain(`/student/bookings?proposal=${proposal.id}&answer=decline`);

    expect((await profileLesson(student.accessToken, lesson.id)).moveProposal).toEqual({
      id: proposal.id,
      ...target,
      proposedBy: "INSTRUCTOR",
      note: "My morning is taken by a test",
      lapsesAt: proposal.lapsesAt,
    });

    const accepted = await answer(proposal.id, "accept", student.accessToken);
    expect(accepted.status).toBe(200);
    expect(accepted.body.proposal).toMatchObject({ id: proposal.id, status: "ACCEPTED" });
    expect(accepted.body.booking).toMatchObject({ id: lesson.id, status: "SCHEDULED", ...target, price: 75 });
    expect(await readBooking(t.database.db, lesson.id)).toMatchObject({
      startTime: new Date(target.startTime),
      calendarSequence: 1,
    });
    expect(await auditOf(lesson.id, "booking.move_proposal_accept")).toMatchObject([
      { actorId: student.user.id, details: { proposalId: proposal.id, to: target } },
    ]);
    const after = await mailbox.takeDelivered();
    expect(after.map((m) => m.to).sort()).toEqual([[INSTRUCTOR], [email]].sort());
    const toInstructor = after.find((m) => m.to.includes(INSTRUCTOR));
    expect(toInstructor?.parsed.subject).toContain("Proposed time accepted");
    expect(toInstructor?.parsed.text).toContain("The lesson has moved");
    const toStudent = after.find((m) => m.to.includes(email));
    expect(toStudent?.parsed.subject).toContain("Lesson moved");
    expect(toStudent?.parsed.attachments.some((a) => a.filename?.endsWith(".ics"))).toBe(true);
    expect((await profileLesson(student.accessToken, lesson.id)).moveProposal).toBeNull();

    // Answered once.
    const again = await answer(proposal.id, "decline", student.accessToken);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("invalid_state");
  });

  it("declining leaves the lesson where it was and tells the proposer (an admin)", async () => {
    const { student, email, lesson, date } = await bookedLesson();
    const target = await standardStart(date, [lesson.slot.startTime]);
    const res = await adminPropose(lesson.id, target);
    expect(res.status).toBe(201);
    expect(res.body.proposal.proposedBy).toBe("ADMIN");
    // The student, and the instructor whose time it asks for (issue 30 item 6).
    const proposed = await mailbox.takeDelivered();
    expect(proposed.map((m) => m.to).sort()).toEqual([[INSTRUCTOR], [email]].sort());
    const toStudent = proposed.filter((m) => m.to.includes(email));
    expect(toStudent[0]?.parsed.text).toContain("Kerb's support team proposes a new time");
    const toInstructor = proposed.find((m) => m.to.includes(INSTRUCTOR));
    expect(toInstructor?.parsed.subject).toContain("New time proposed for your lesson with");
    expect(toInstructor?.parsed.text).toContain("Nothing changes unless");
    expect(toInstructor?.parsed.text).toContain("/instructor/lessons");

    // The console's bookings list shows it waiting for the student.
    const listed = async () => {
      const list = await http.get(
        `/api/admin/bookings?from=${date}&to=${date}&instructorId=${demo.id}`,
        admin,
      );
      expect(list.status).toBe(200);
      return list.body.items.find((b: { id: string }) => b.id === lesson.id);
    };
    expect((await listed()).moveProposal).toMatchObject({
      id: res.body.proposal.id,
      ...target,
      proposedBy: "ADMIN",
      lapsesAt: res.body.proposal.lapsesAt,
    });

    const declined = await answer(res.body.proposal.id, "decline", student.accessToken);
    expect(declined.status).toBe(200);
    expect(declined.body.proposal.status).toBe("DECLINED");
    expect(declined.body.booking.startTime).toBe(lesson.slot.startTime);
    expect((await readBooking(t.database.db, lesson.id)).startTime).toEqual(lesson.start);
    expect(await auditOf(lesson.id, "booking.move_proposal_decline")).toHaveLength(1);
    expect((await listed()).moveProposal).toBeNull();
    const mail = await mailbox.takeDelivered();
    expect(mail.map((m) => m.to)).toEqual([[ADMIN]]);
    expect(mail[0]?.parsed.subject).toContain("Proposed time declined");
    expect(mail[0]?.parsed.text).toContain("The lesson stays at its present time");
  });

  it("the instructor's lessons list shows the open proposal; its proposer withdraws it, audited, and the student is told", async () => {
    const { student, email, lesson, date } = await bookedLesson();
    const target = await standardStart(date, [lesson.slot.startTime]);
    const listed = async () => {
      const list = await http.get("/api/instructor/lessons?scope=upcoming&pageSize=100", demo.token);
      expect(list.status).toBe(200);
      return list.body.items.find((l: { id: string }) => l.id === lesson.id);
    };
    expect((await listed()).moveProposal).toBeNull();
    const res = await propose(lesson.id, { ...target, note: "Car service" });
    expect(res.status).toBe(201);
    const proposal = res.body.proposal;
    await mailbox.takeDelivered();
    expect((await listed()).moveProposal).toEqual({
      id: proposal.id,
      ...target,
      proposedBy: "INSTRUCTOR",
      note: "Car service",
      lapsesAt: addHours(lesson.start, -24).toISOString(),
    });

    // Only its proposer: another instructor cannot see it, an admin cannot withdraw the instructor's.
    const other = await newInstructor(http, t.database.db);
    await mailbox.takeDelivered(); // its welcome
    const notTheirs = await http.post(
      `/api/instructor/move-proposals/${proposal.id}/withdraw`,
      undefined,
      other.token,
    );
    expect(notTheirs.status).toBe(404);
    const byAdmin = await http.post(`/api/admin/move-proposals/${proposal.id}/withdraw`, undefined, admin);
    expect(byAdmin.status).toBe(409);
    expect(byAdmin.body.error.code).toBe("invalid_state");
    expect(byAdmin.body.error.message).toContain("The instructor proposed this time");

    const withdrawn = await http.post(
      `/api/instructor/move-proposals/${proposal.id}/withdraw`,
      undefined,
      demo.token,
    );
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.proposal).toMatchObject({ id: proposal.id, status: "WITHDRAWN" });
    expect(withdrawn.body.proposal.decidedAt).not.toBeNull();
    expect((await listed()).moveProposal).toBeNull();
    expect((await profileLesson(student.accessToken, lesson.id)).moveProposal).toBeNull();
    expect((await readBooking(t.database.db, lesson.id)).startTime).toEqual(lesson.start);
    expect(await auditOf(lesson.id, "booking.move_proposal_withdraw")).toMatchObject([
      { actorId: demo.id, details: { proposalId: proposal.id, proposedBy: "INSTRUCTOR", to: target } },
    ]);
    const mail = await mailbox.takeDelivered();
    expect(mail.map((m) => m.to)).toEqual([[email]]);
    expect(mail[0]?.parsed.subject).toContain("Proposed time withdrawn");
    expect(mail[0]?.parsed.text).toContain("the lesson stays at its present time");

    // Withdrawn once; the student can no longer accept it.
    const again = await http.post(
      `/api/instructor/move-proposals/${proposal.id}/withdraw`,
      undefined,
      demo.token,
    );
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("invalid_state");
    const late = await answer(proposal.id, "accept", student.accessToken);
    expect(late.status).toBe(409);

    // An admin withdraws the support team's own proposal.
    const adminRes = await adminPropose(lesson.id, target);
    expect(adminRes.status).toBe(201);
    const byInstructor = await http.post(
      `/api/instructor/move-proposals/${adminRes.body.proposal.id}/withdraw`,
      undefined,
      demo.token,
    );
    expect(byInstructor.status).toBe(409);
    const adminWithdrew = await http.post(
      `/api/admin/move-proposals/${adminRes.body.proposal.id}/withdraw`,
      undefined,
      admin,
    );
    expect(adminWithdrew.status).toBe(200);
    expect(adminWithdrew.body.proposal.status).toBe("WITHDRAWN");
  });

  it("refuses at proposal a time the instructor is not free, outside their hours, or inside the student's own lessons", async () => {
    const { student, lesson, date } = await bookedLesson();
    // Taken by another student.
    const { lesson: taken } = await aStudentWithPaidLesson(t, { date });
    const takenRes = await propose(lesson.id, {
      startTime: taken.slot.startTime,
      endTime: taken.slot.endTime,
    });
    expect(takenRes.status).toBe(409);
    expect(takenRes.body.error).toMatchObject({ code: "slot_unavailable" });
    expect(takenRes.body.error.message).toMatch(/^You are not free at that time/);
    // Outside the instructor's hours (03:00), for the admin too.
    const night = await adminPropose(lesson.id, at(date, 3));
    expect(night.status).toBe(409);
    expect(night.body.error.message).toMatch(/^The instructor is not free at that time/);
    // The student's own lesson with another instructor at that hour.
    const target = await standardStart(date, [lesson.slot.startTime, taken.slot.startTime]);
    const otherInstructor = await newInstructor(http, t.database.db);
    await insertLesson(t.database.db, {
      studentId: student.user.id,
      instructorId: otherInstructor.id,
      start: new Date(target.startTime),
    });
    const busy = await propose(lesson.id, target);
    expect(busy.status).toBe(409);
    expect(busy.body.error.message).toBe("The student has another lesson at that time. Choose another time.");
    // Nothing was proposed, nothing emailed.
    expect(
      await t.database.db
        .select()
        .from(lessonMoveProposals)
        .where(eq(lessonMoveProposals.bookingId, lesson.id)),
    ).toEqual([]);
    expect((await profileLesson(student.accessToken, lesson.id)).moveProposal).toBeNull();
  });

  it("a time taken after the proposal is refused at accept with 409, and the proposal stays open", async () => {
    const { student, lesson, date } = await bookedLesson();
    const target = await standardStart(date, [lesson.slot.startTime]);
    const res = await propose(lesson.id, target);
    expect(res.status).toBe(201);
    // Another student takes the proposed hour meanwhile (held for a card payment).
    const other = await registerStudent(http);
    const held = await http.post(
      "/api/student/bookings/batch",
      {
        bookings: [
          {
            instructorId: demo.id,
            ...target,
            price: 75,
            isPoolHours: false,
            pickupLocation: "1 Martin Place",
          },
        ],
      },
      other.accessToken,
    );
    expect(held.status).toBe(201);
    const accepted = await answer(res.body.proposal.id, "accept", student.accessToken);
    expect(accepted.status).toBe(409);
    expect(accepted.body.error).toMatchObject({ code: "slot_unavailable" });
    expect(accepted.body.error.message).toMatch(/no longer free/);
    expect((await readBooking(t.database.db, lesson.id)).startTime).toEqual(lesson.start);
    expect((await proposalRow(res.body.proposal.id))?.status).toBe("PROPOSED");
    // It can still be declined.
    expect((await answer(res.body.proposal.id, "decline", student.accessToken)).status).toBe(200);
  });

  it("lapses 24 hours before the lesson: not shown, accept refused with 409 proposal_lapsed, and no new proposal", async () => {
    const { student, lesson, date } = await bookedLesson();
    const target = await standardStart(date, [lesson.slot.startTime]);
    const res = await propose(lesson.id, target);
    expect(res.status).toBe(201);

    t.clock.now = addHours(lesson.start, -24);
    expect((await profileLesson(student.accessToken, lesson.id)).moveProposal).toBeNull();
    const late = await answer(res.body.proposal.id, "accept", student.accessToken);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("proposal_lapsed");
    expect((await readBooking(t.database.db, lesson.id)).startTime).toEqual(lesson.start);
    expect((await proposalRow(res.body.proposal.id))?.status).toBe("LAPSED");

    const tooLate = await propose(lesson.id, target);
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.error.code).toBe("proposal_window_closed");
  });

  it("a new proposal withdraws the open one; a cancellation withdraws it too", async () => {
    const { student, lesson, date } = await bookedLesson();
    const first = await standardStart(date, [lesson.slot.startTime]);
    const second = await standardStart(date, [lesson.slot.startTime, first.startTime]);
    const a = await propose(lesson.id, first);
    const b = await adminPropose(lesson.id, second);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await proposalRow(a.body.proposal.id))?.status).toBe("WITHDRAWN");
    expect((await profileLesson(student.accessToken, lesson.id)).moveProposal.id).toBe(b.body.proposal.id);
    const stale = await answer(a.body.proposal.id, "accept", student.accessToken);
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe("This proposal is no longer open: it was withdrawn");

    expect(
      (await http.post(`/api/student/bookings/${lesson.id}/cancel`, undefined, student.accessToken)).status,
    ).toBe(200);
    expect((await proposalRow(b.body.proposal.id))?.status).toBe("WITHDRAWN");
    const afterCancel = await propose(lesson.id, first);
    expect(afterCancel.status).toBe(409);
    expect(afterCancel.body.error.code).toBe("invalid_state");
  });

  it("someone else's lesson or proposal is 404; the wrong role 403; bad input 400", async () => {
    const { student, lesson, date } = await bookedLesson();
    const target = await standardStart(date, [lesson.slot.startTime]);
    const stranger = await newInstructor(http, t.database.db);
    const notMine = await propose(lesson.id, target, stranger.token);
    expect(notMine.status).toBe(404);
    expect(notMine.body.error.code).toBe("not_found");
    expect((await propose(lesson.id, target, student.accessToken)).status).toBe(403);

    const res = await propose(lesson.id, target);
    expect(res.status).toBe(201);
    const otherStudent = await registerStudent(http);
    const foreign = await answer(res.body.proposal.id, "accept", otherStudent.accessToken);
    expect(foreign.status).toBe(404);
    expect((await answer(res.body.proposal.id, "accept", demo.token)).status).toBe(403);
    expect((await answer("not-a-uuid", "accept", student.accessToken)).status).toBe(400);

    for (const body of [
      {},
      { startTime: "tomorrow", endTime: target.endTime },
      { ...target, note: "x".repeat(501) },
    ]) {
      const bad = await propose(lesson.id, body);
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("validation_error");
    }
    const halfHour = await propose(lesson.id, {
      startTime: target.startTime,
      endTime: new Date(new Date(target.startTime).getTime() + 30 * 60_000).toISOString(),
    });
    expect(halfHour.status).toBe(400);
    expect(halfHour.body.error.message).toBe(
      "This is a 60-minute lesson, and a lesson keeps its length when it moves; choose a 60-minute time",
    );
    const same = await propose(lesson.id, { startTime: lesson.slot.startTime, endTime: lesson.slot.endTime });
    expect(same.status).toBe(400);
    expect((await propose("00000000-0000-4000-8000-000000000000", target)).status).toBe(404);
  });

  it("a held lesson (not scheduled) cannot be given a new time", async () => {
    const student = await registerStudent(http);
    const date = freshDate();
    await holdLesson(http, student.accessToken, { date, instructorId: demo.id });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.studentId, student.user.id));
    if (!row) throw new Error("no held lesson");
    const res = await adminPropose(row.id, at(date, 16));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("invalid_state");
  });
});

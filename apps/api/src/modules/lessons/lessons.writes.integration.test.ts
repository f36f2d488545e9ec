import { afterAll, beforeAll, expect, it } from "vitest";
import {
  addHours,
  insertLesson,
  newInstructor,
  newStudent,
  readBooking,
  readPayment,
} from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { holdLessons } from "../../test/lesson-use-cases.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { changePaymentStatus, markPaymentPaid } from "../payments/index.ts";
import {
  cancelLesson,
  checkLessonTransition,
  markLessonOutcome,
  moveLesson,
  releaseLapsedHolds,
  releaseLessonsOfPayment,
  scheduleLessonsOfPayment,
} from "./lessons.writes.ts";

// The lifecycle is enforced where lessons are written, whoever calls: the refused change answers 409
// invalid_state in the lifecycle's words, and a lesson changed meanwhile is caught by the SQL itself.
describeEachDatabase("lesson and payment writes follow their lifecycles", (kind) => {
  let t: TestApp;
  let studentId: string;
  let instructorId: string;
  let hoursAhead = 48;
  /** A lesson of its own hour, two hours after the previous one. */
  const lessonAt = (
    input: Omit<Parameters<typeof insertLesson>[1], "studentId" | "instructorId" | "start">,
  ) => {
    hoursAhead += 2;
    return insertLesson(t.database.db, {
      studentId,
      instructorId,
      start: addHours(t.clock.now, hoursAhead),
      ...input,
    });
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const http = api(t.app);
    studentId = (await newStudent(http)).id;
    instructorId = (await newInstructor(http, t.database.db)).id;
  });
  afterAll(() => t.close());

  it("refuses a change the lifecycle does not allow, in its words, and writes nothing", async () => {
    const completed = await lessonAt({ status: "COMPLETED", completedAt: t.clock.now });
    const cancel = cancelLesson(t.database.db, {
      lessonId: completed,
      now: t.clock.now,
      by: "ADMIN",
      refundCents: 0,
      keptCents: 0,
    });
    await expect(cancel).rejects.toMatchObject({
      code: "invalid_state",
      message: "Only scheduled lessons can be cancelled; this lesson is completed",
      details: { status: "COMPLETED" },
    });
    expect((await readBooking(t.database.db, completed)).status).toBe("COMPLETED");

    expect(() => checkLessonTransition("complete", "SCHEDULED", "STUDENT")).toThrow(
      "A lesson can be marked completed only by its instructor",
    );
    expect(() => checkLessonTransition("release", "SCHEDULED", "SYSTEM")).toThrow(
      "Only pending payment lessons can be released; this lesson is scheduled",
    );
  });

  it("catches a lesson changed meanwhile: the from status is part of each write's SQL", async () => {
    const lesson = await lessonAt({});
    // Another request cancelled it after this one read it as SCHEDULED (no lock taken here).
    await cancelLesson(t.database.db, {
      lessonId: lesson,
      now: t.clock.now,
      by: "STUDENT",
      refundCents: 0,
      keptCents: 0,
    });
    const start = addHours(t.clock.now, 200);
    await expect(moveLesson(t.database.db, lesson, { start, end: addHours(start, 1) })).rejects.toMatchObject(
      {
        code: "invalid_state",
        message: "Only scheduled lessons can be rescheduled; this lesson is cancelled",
      },
    );
    await expect(
      cancelLesson(t.database.db, {
        lessonId: lesson,
        now: t.clock.now,
        by: "INSTRUCTOR",
        refundCents: 0,
        keptCents: 0,
      }),
    ).rejects.toMatchObject({ code: "invalid_state" });
    const row = await readBooking(t.database.db, lesson);
    expect(row).toMatchObject({ status: "CANCELLED", cancelledBy: "STUDENT" });

    // An outcome is only marked on a scheduled lesson that has ended.
    const ended = await lessonAt({});
    const later = addHours(t.clock.now, 500);
    expect(
      await markLessonOutcome(t.database.db, {
        instructorId,
        lessonId: lesson,
        action: "complete",
        now: later,
      }),
    ).toBe(false);
    expect(
      await markLessonOutcome(t.database.db, {
        instructorId,
        lessonId: ended,
        action: "noShow",
        now: t.clock.now,
      }),
    ).toBe(false);
    expect(
      await markLessonOutcome(t.database.db, { instructorId, lessonId: ended, action: "noShow", now: later }),
    ).toBe(true);
    expect(
      await markLessonOutcome(t.database.db, {
        instructorId,
        lessonId: ended,
        action: "complete",
        now: later,
      }),
    ).toBe(false);
    expect((await readBooking(t.database.db, ended)).status).toBe("NO_SHOW");
  });

  it("confirms and releases only the lessons still held, and pays a payment only while pending", async () => {
    // One checkout's two holds, one lapsed and released by the sweep before the payment arrives.
    const lesson = (holdExpiresAt: Date) => {
      hoursAhead += 2;
      return {
        studentId,
        instructorId,
        start: addHours(t.clock.now, hoursAhead),
        priceCents: 8000,
        suburb: "Parramatta",
        pickupLocation: null,
        holdExpiresAt,
      };
    };
    const { payment, lessonIds } = await holdLessons(t.database.db, {
      studentId,
      lessons: [lesson(addHours(t.clock.now, 1)), lesson(addHours(t.clock.now, -1))],
      now: t.clock.now,
    });
    const paymentId = payment.id;
    const [held = "", lapsed = ""] = lessonIds;
    await releaseLapsedHolds(t.database.db, t.clock.now);
    const scheduled = await t.database.db.transaction((tx) =>
      markPaymentPaid(tx, paymentId, t.clock.now, scheduleLessonsOfPayment(tx, paymentId)),
    );
    expect(scheduled).toBe(1);
    expect((await readBooking(t.database.db, held)).status).toBe("SCHEDULED");
    expect((await readBooking(t.database.db, lapsed)).status).toBe("EXPIRED");
    expect((await readPayment(t.database.db, paymentId)).status).toBe("PAID");

    // Releasing a paid payment's lessons touches none of them; the payment cannot be paid twice.
    await releaseLessonsOfPayment(t.database.db, paymentId, "STUDENT");
    expect((await readBooking(t.database.db, held)).status).toBe("SCHEDULED");
    await expect(markPaymentPaid(t.database.db, paymentId, t.clock.now)).rejects.toMatchObject({
      code: "invalid_state",
      message: "This payment is no longer pending",
    });
    await expect(
      changePaymentStatus(t.database.db, paymentId, { from: "PAID", to: "CANCELLED" }),
    ).rejects.toMatchObject({
      code: "invalid_state",
      message: "This payment is paid and cannot become cancelled",
    });
    expect((await readPayment(t.database.db, paymentId)).status).toBe("PAID");
  });
});

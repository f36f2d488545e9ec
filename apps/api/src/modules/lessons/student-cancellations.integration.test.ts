import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, bookings, cardRefunds } from "../../db/schema/index.ts";
import { asBooking, listSlots, registerStudent, weekdayAhead } from "../../test/booking-fixtures.ts";
import { startFakeStripe } from "../../test/fake-stripe.ts";
import {
  addHours,
  insertBundle,
  insertLesson,
  newInstructor,
  readBooking,
  readBundle,
  readPayment,
} from "../../test/fixtures/instructor-fixtures.ts";
import { bookPaidLesson, type Http } from "../../test/fixtures/student-lesson-fixtures.ts";
import { api } from "../../test/http.ts";
import { aStudentWithPaidLesson } from "../../test/scenarios.ts";
import { startDemoApp } from "../../test/seeded-app.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

describeEachDatabase("a student cancels their own lesson", (kind) => {
  let t: TestApp;
  let http: Http;
  let base: Date;
  let demo: { id: string; token: string };
  let admin: string;

  beforeAll(async () => {
    ({ t, http, base, demo, admin } = await startDemoApp(kind));
  });
  afterEach(() => {
    t.clock.now = base;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Sets the app's clock to `hours` before `start`. */
  const hoursBefore = (start: Date, hours: number) => {
    t.clock.now = addHours(start, -hours);
  };
  const earnings = async (token: string) => {
    const res = await http.get("/api/instructor/earnings", token);
    expect(res.status).toBe(200);
    return res.body.totals as { lessons: number; gross: number; platformFee: number; net: number };
  };
  const refundRows = (bookingId: string) =>
    t.database.db.select().from(cardRefunds).where(eq(cardRefunds.bookingId, bookingId));

  /** Preview, then cancel: the preview must promise exactly what the cancellation does. */
  async function previewAndCancel(token: string, lessonId: string) {
    const preview = await http.get(`/api/student/bookings/${lessonId}/cancellation`, token);
    expect(preview.status).toBe(200);
    const cancel = await http.post(`/api/student/bookings/${lessonId}/cancel`, undefined, token);
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({
      booking: { id: lessonId, status: "CANCELLED" },
      refund: preview.body.refund,
    });
    return { preview: preview.body, cancel: cancel.body };
  }

  it("more than 48 hours ahead: the price and its GST go back to the card, and the slot is free again", async () => {
    const { student, lesson, date } = await aStudentWithPaidLesson(t, { date: weekdayAhead(base, 6) });
    expect(lesson.amount).toBe(82.5); // $75 + $7.50 GST
    const before = await earnings(demo.token);

    hoursBefore(lesson.start, 49);
    const { preview } = await previewAndCancel(student.accessToken, lesson.id);
    expect(preview).toMatchObject({
      booking: { id: lesson.id, status: "SCHEDULED", price: 75, paymentId: lesson.paymentId },
      tier: "full",
      refund: { amount: 82.5, gst: 7.5, method: "CARD" },
      creditReturned: false,
      summary: "You will get $82.50 back to your card, including $7.50 GST.",
      refundTo: "your card",
    });

    const booking = await readBooking(t.database.db, lesson.id);
    expect(booking).toMatchObject({
      status: "CANCELLED",
      cancelledBy: "STUDENT",
      refundCents: 8250,
      keptCents: 0,
    });
    expect((await readPayment(t.database.db, lesson.paymentId)).refundedCents).toBe(8250);
    // Demo mode: queued in the transaction, settled after commit (no card was charged).
    expect(await refundRows(lesson.id)).toEqual([
      expect.objectContaining({ amountCents: 8250, status: "SUCCEEDED", reason: "LESSON_CANCELLED" }),
    ]);
    expect(await earnings(demo.token)).toEqual(before);

    // The student's list shows the refund; the instructor's hour is bookable by someone else at once.
    const profile = await http.get("/api/student/profile", student.accessToken);
    const listed = profile.body.bookings.find((b: { id: string }) => b.id === lesson.id);
    expect(listed).toMatchObject({ status: "CANCELLED", refund: 82.5 });
    t.clock.now = base;
    const other = await registerStudent(http);
    const again = await listSlots(http, other.accessToken, { date, instructorId: demo.id });
    expect(again.map((s) => s.startTime)).toContain(lesson.slot.startTime);
    const rebook = await http.post(
      "/api/student/bookings/batch",
      { bookings: [asBooking(lesson.slot)] },
      other.accessToken,
    );
    expect(rebook.status).toBe(201);

    // Audited with what happened to the money.
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, lesson.id));
    expect(entry).toMatchObject({
      action: "booking.cancel",
      actorId: student.user.id,
      details: expect.objectContaining({
        cancelledBy: "STUDENT",
        tier: "full",
        refundCents: 8250,
        keptCents: 0,
      }),
    });
  });

  it("24 to 48 hours ahead: half the price plus its GST back; the instructor earns 75% of the kept half", async () => {
    const { student, lesson } = await aStudentWithPaidLesson(t, { date: weekdayAhead(base, 7) });
    const before = await earnings(demo.token);
    const adminBefore = (await http.get("/api/admin/revenue", admin)).body.totals;

    hoursBefore(lesson.start, 48); // exactly 48 h is the half tier
    const { preview } = await previewAndCancel(student.accessToken, lesson.id);
    expect(preview).toMatchObject({
      tier: "half",
      refund: { amount: 41.25, gst: 3.75, method: "CARD" },
      creditReturned: false,
      summary:
        "This lesson is less than 48 hours away, so half is refunded: you will get $41.25 back to your card, including $3.75 GST.",
    });
    expect(await readBooking(t.database.db, lesson.id)).toMatchObject({ refundCents: 4125, keptCents: 3750 });
    expect((await readPayment(t.database.db, lesson.paymentId)).refundedCents).toBe(4125);
    expect(await refundRows(lesson.id)).toEqual([expect.objectContaining({ amountCents: 4125 })]);

    // $37.50 kept: the instructor earns $28.13 (75%, rounded to the cent) and the platform $9.37.
    const after = await earnings(demo.token);
    // Counted as a lesson paid for (the earnings table counts as the payouts do: taught, no-show or
    // kept), though not taught.
    expect(after.lessons).toBe(before.lessons + 1);
    expect(Math.round((after.gross - before.gross) * 100)).toBe(3750);
    expect(Math.round((after.net - before.net) * 100)).toBe(2813);
    expect(Math.round((after.platformFee - before.platformFee) * 100)).toBe(937);
    const adminAfter = (await http.get("/api/admin/revenue", admin)).body.totals;
    expect(Math.round((adminAfter.instructorEarnings - adminBefore.instructorEarnings) * 100)).toBe(2813);
    expect(Math.round((adminAfter.platformFees - adminBefore.platformFees) * 100)).toBe(937);
    expect(Math.round((adminAfter.refunds - adminBefore.refunds) * 100)).toBe(4125);
    expect(adminAfter.lessonsCompleted).toBe(adminBefore.lessonsCompleted);
  });

  it("rounds a half refund of an odd pool price to the cent, GST on the refunded share", async () => {
    const { student, lesson } = await aStudentWithPaidLesson(t, { date: weekdayAhead(base, 8), pool: true });
    expect(lesson.amount).toBe(53.63); // $48.75 + $4.88 GST
    const before = await earnings(demo.token);

    hoursBefore(lesson.start, 30);
    const { cancel } = await previewAndCancel(student.accessToken, lesson.id);
    // Half of $48.75 rounds up to $24.38; GST on it $2.44; $24.37 kept, $18.28 to the instructor.
    expect(cancel.refund).toEqual({ amount: 26.82, gst: 2.44, method: "CARD" });
    expect(await readBooking(t.database.db, lesson.id)).toMatchObject({ refundCents: 2682, keptCents: 2437 });
    const after = await earnings(demo.token);
    expect(Math.round((after.net - before.net) * 100)).toBe(1828);
  });

  it("under 24 hours ahead: nothing comes back and the instructor earns 75% of the price", async () => {
    const { student, lesson } = await aStudentWithPaidLesson(t, { date: weekdayAhead(base, 9) });
    const before = await earnings(demo.token);

    hoursBefore(lesson.start, 23.5);
    const { preview } = await previewAndCancel(student.accessToken, lesson.id);
    expect(preview).toMatchObject({
      tier: "none",
      refund: { amount: 0, gst: 0, method: "NONE" },
      summary: "This lesson is less than 24 hours away, so nothing is refunded.",
    });
    expect(await readBooking(t.database.db, lesson.id)).toMatchObject({
      status: "CANCELLED",
      refundCents: 0,
      keptCents: 7500,
    });
    expect((await readPayment(t.database.db, lesson.paymentId)).refundedCents).toBe(0);
    expect(await refundRows(lesson.id)).toEqual([]);
    const after = await earnings(demo.token);
    expect(Math.round((after.net - before.net) * 100)).toBe(5625);
    expect(Math.round((after.gross - before.gross) * 100)).toBe(7500);
  });

  describe("a lesson paid with a bundle credit", () => {
    async function creditLesson(hoursAhead: number, minutes = 60) {
      const instructor = await newInstructor(http, t.database.db);
      const student = await registerStudent(http);
      const bundle = await insertBundle(t.database.db, {
        studentId: student.user.id,
        totalLessons: 10,
        usedLessons: 3,
        pricePerLessonCents: 6500,
      });
      const start = addHours(base, 24 * 10);
      const id = await insertLesson(t.database.db, {
        studentId: student.user.id,
        instructorId: instructor.id,
        start,
        minutes,
        priceCents: 6500 * (minutes / 60),
        bundleId: bundle.id,
      });
      hoursBefore(start, hoursAhead);
      return { id, student, instructor, bundle };
    }

    it("more than 48 hours ahead: the credit goes back to the bundle and no money moves", async () => {
      const lesson = await creditLesson(72);
      const { preview } = await previewAndCancel(lesson.student.accessToken, lesson.id);
      expect(preview).toMatchObject({
        tier: "full",
        refund: { amount: 0, gst: 0, method: "CREDIT" },
        creditReturned: true,
        summary: "1 credit goes back to your bundle.",
        booking: { bundleId: lesson.bundle.id, paymentId: null },
      });
      expect((await readBundle(t.database.db, lesson.bundle.id)).usedLessons).toBe(2);
      expect(await readBooking(t.database.db, lesson.id)).toMatchObject({ refundCents: 0, keptCents: 0 });
      expect((await readPayment(t.database.db, lesson.bundle.paymentId)).refundedCents).toBe(0);
      expect(await refundRows(lesson.id)).toEqual([]);
      expect(await earnings(lesson.instructor.token)).toMatchObject({ lessons: 0, net: 0 });
    });

    it("a 2-hour lesson more than 48 hours ahead: its 2 credits go back, and the summary says 2", async () => {
      const lesson = await creditLesson(72, 120);
      const { preview } = await previewAndCancel(lesson.student.accessToken, lesson.id);
      expect(preview).toMatchObject({
        tier: "full",
        creditReturned: true,
        summary: "2 credits go back to your bundle.",
      });
      expect((await readBundle(t.database.db, lesson.bundle.id)).usedLessons).toBe(1);
    });

    it.each([
      [
        30,
        "This lesson is less than 48 hours away, so the lesson credit is forfeited and does not go back to your bundle.",
      ],
      [
        5,
        "This lesson is less than 24 hours away, so nothing is refunded and the lesson credit does not go back to your bundle.",
      ],
    ])(
      "%i hours ahead: the credit is forfeited and the instructor earns 75%% of its value",
      async (hours, summary) => {
        const lesson = await creditLesson(hours);
        const { preview } = await previewAndCancel(lesson.student.accessToken, lesson.id);
        expect(preview).toMatchObject({
          refund: { amount: 0, gst: 0, method: "NONE" },
          creditReturned: false,
          summary,
        });
        expect((await readBundle(t.database.db, lesson.bundle.id)).usedLessons).toBe(3);
        expect(await readBooking(t.database.db, lesson.id)).toMatchObject({
          status: "CANCELLED",
          keptCents: 6500,
        });
        expect(await earnings(lesson.instructor.token)).toEqual({
          lessons: 1,
          testPacks: 0,
          gross: 65,
          platformFee: 16.25,
          net: 48.75,
          // Not registered for GST: no GST, and the total paid is the net.
          gst: 0,
          total: 48.75,
        });
      },
    );
  });

  it("refuses a second cancellation, a started or completed lesson, and anyone else's lesson", async () => {
    const { student, lesson } = await aStudentWithPaidLesson(t, { date: weekdayAhead(base, 10) });
    const stranger = await registerStudent(http);

    // Someone else's lesson, or one that does not exist, is "not found" for every route.
    for (const id of [lesson.id, crypto.randomUUID()]) {
      const preview = await http.get(`/api/student/bookings/${id}/cancellation`, stranger.accessToken);
      expect(preview.status).toBe(404);
      expect(preview.body.error.code).toBe("not_found");
      expect(
        (await http.post(`/api/student/bookings/${id}/cancel`, undefined, stranger.accessToken)).status,
      ).toBe(404);
    }
    expect((await readBooking(t.database.db, lesson.id)).status).toBe("SCHEDULED");
    expect(
      (await http.get("/api/student/bookings/not-a-uuid/cancellation", student.accessToken)).status,
    ).toBe(400);
    expect((await http.post(`/api/student/bookings/${lesson.id}/cancel`)).status).toBe(401);
    expect((await http.post(`/api/student/bookings/${lesson.id}/cancel`, undefined, demo.token)).status).toBe(
      403,
    );

    // Started: too late to cancel, and the preview says so too.
    t.clock.now = addHours(lesson.start, 0.25);
    const late = await http.get(`/api/student/bookings/${lesson.id}/cancellation`, student.accessToken);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/can no longer be cancelled/);
    expect(
      (await http.post(`/api/student/bookings/${lesson.id}/cancel`, undefined, student.accessToken)).status,
    ).toBe(409);
    t.clock.now = base;

    const first = await http.post(
      `/api/student/bookings/${lesson.id}/cancel`,
      undefined,
      student.accessToken,
    );
    expect(first.status).toBe(200);
    const twice = await http.post(
      `/api/student/bookings/${lesson.id}/cancel`,
      undefined,
      student.accessToken,
    );
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("invalid_state");
    expect((await readPayment(t.database.db, lesson.paymentId)).refundedCents).toBe(8250); // refunded once
    expect(await refundRows(lesson.id)).toHaveLength(1);

    const completed = await insertLesson(t.database.db, {
      studentId: student.user.id,
      instructorId: demo.id,
      start: addHours(base, -30),
      status: "COMPLETED",
    });
    const res = await http.post(`/api/student/bookings/${completed}/cancel`, undefined, student.accessToken);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/completed/);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, completed));
    expect(row?.status).toBe("COMPLETED");
  });
});

describe("a student's card refund through Stripe (real SDK, local fake Stripe)", () => {
  it("is sent to the card after commit, for the tier's amount, once", async () => {
    const stripe = await startFakeStripe();
    const t = await createTestApp("pglite", {
      seed: true,
      env: { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_kerb", STRIPE_API_BASE: stripe.url },
    });
    try {
      const http = api(t.app);
      const demo = (await http.login("instructor@demo.test")).user.id;
      const student = await registerStudent(http);
      const lesson = await bookPaidLesson(
        http,
        student,
        { date: weekdayAhead(t.clock.now, 5), instructorId: demo },
        (paymentId) => {
          const session = [...stripe.sessions.values()].find((s) => s.metadata.paymentId === paymentId);
          if (!session) throw new Error("no session");
          stripe.pay(session.id);
        },
      );
      t.clock.now = addHours(lesson.start, -36);
      const cancel = await http.post(
        `/api/student/bookings/${lesson.id}/cancel`,
        undefined,
        student.accessToken,
      );
      expect(cancel.status).toBe(200);
      expect(cancel.body.refund).toEqual({ amount: 41.25, gst: 3.75, method: "CARD" });
      expect(stripe.refunds).toEqual([expect.objectContaining({ amount: 4125 })]);
      const [row] = await t.database.db
        .select()
        .from(cardRefunds)
        .where(eq(cardRefunds.bookingId, lesson.id));
      expect(row).toMatchObject({ status: "SUCCEEDED", amountCents: 4125, attempts: 1 });
    } finally {
      await t.close();
      await stripe.close();
    }
  });
});

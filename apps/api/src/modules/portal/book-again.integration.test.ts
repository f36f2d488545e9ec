import {
  type BookAgainOffer,
  bookAgainBatchRequest,
  bookAgainCreditRequest,
  bookAgainResponse,
  latestBookAgainResponse,
} from "@kerb/shared";
import { sydneyDateOf } from "@kerb/shared/rules";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema/index.ts";
import { buyBundle, listSlots } from "../../test/booking-fixtures.ts";
import { insertPaidLesson } from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { type Actor, anInstructor, aStudent, type Student } from "../../test/scenarios.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { insertTestPack } from "../../test/test-pack-fixtures.ts";
import { updateInstructorCompliance, updateInstructorSettings } from "../instructors/index.ts";

const HOUR_MS = 3_600_000;
const PICKUP = "1 Martin Place";

describeEachDatabase("book again (issue 34)", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let instructor: Actor;

  beforeAll(async () => {
    t = await createTestApp(kind);
    http = api(t.app);
    instructor = await anInstructor(t, { suburbs: ["Sydney CBD"] });
  });
  afterAll(() => t.close());

  /** A student with a completed lesson yesterday with `teacher` in Sydney CBD, picked up at PICKUP. */
  async function studentWithCompletedLesson(teacher: Actor = instructor, minutes = 60) {
    const student = await aStudent(t);
    const start = new Date(t.clock.now.getTime() - 24 * HOUR_MS);
    const { id } = await insertPaidLesson(t.database.db, {
      studentId: student.id,
      instructorId: teacher.id,
      start,
      minutes,
      suburb: "Sydney CBD",
      pickupLocation: PICKUP,
      status: "COMPLETED",
      paidAt: new Date(start.getTime() - 48 * HOUR_MS),
      completedAt: new Date(start.getTime() + minutes * 60_000),
    });
    return { student, lessonId: id };
  }

  const offerOf = async (student: Student, lessonId: string): Promise<BookAgainOffer> => {
    const res = await http.get(`/api/student/lessons/${lessonId}/book-again`, student.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return bookAgainResponse.parse(res.body).offer;
  };

  const emailsTo = async (email: string) =>
    (await t.database.db.select().from(outbox).where(eq(outbox.toEmail, email))).map((m) => m.kind);

  it("offers the same instructor, suburb, pickup and length with their next open times, priced as the slots", async () => {
    const { student, lessonId } = await studentWithCompletedLesson();
    const offer = await offerOf(student, lessonId);
    expect(offer).toMatchObject({
      fromLessonId: lessonId,
      instructor: { id: instructor.id },
      suburb: "Sydney CBD",
      pickupLocation: PICKUP,
      lessonMinutes: 60,
      payment: { method: "card" },
    });
    expect(offer.slots.length).toBeGreaterThanOrEqual(6);
    const starts = offer.slots.map((s) => s.startTime);
    expect([...starts].sort()).toEqual(starts);
    // Never more than two of one day, and every one a time the slot search offers at the same price.
    const perDay = new Map<string, number>();
    for (const s of offer.slots) {
      const day = sydneyDateOf(new Date(s.startTime));
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(2);
    const first = offer.slots[0];
    if (!first) throw new Error("no slot");
    const listed = await listSlots(http, student.token, {
      date: sydneyDateOf(new Date(first.startTime)),
      instructorId: instructor.id,
    });
    const same = listed.find((s) => s.startTime === first.startTime);
    expect(same).toMatchObject({
      endTime: first.endTime,
      price: first.price,
      isPoolHours: first.isPoolHours,
    });
    // GST on top, as the invoice charges it.
    expect(first.priceInclGst).toBeCloseTo(first.price * 1.1, 2);
    // The first one is the instructor's first open time, after their notice.
    expect(new Date(first.startTime).getTime()).toBeGreaterThan(t.clock.now.getTime());
  });

  it("books again from a completed lesson by card in demo mode: the offer, the checkout and the demo confirm", async () => {
    const { student, lessonId } = await studentWithCompletedLesson();
    // 1. GET the offer.
    const offer = await offerOf(student, lessonId);
    const slot = offer.slots[1];
    if (!slot) throw new Error("no slot");
    // 2. POST the booking: the existing batch checkout, one lesson, the server pricing it again.
    const held = await http.post(
      "/api/student/bookings/batch",
      bookAgainBatchRequest(offer, slot),
      student.token,
    );
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(held.body.payment.amount).toBe(slot.priceInclGst);
    // Demo mode only: the client's "I have paid" (a card provider's page or a saved card takes its place).
    const paid = await http.post(
      `/api/student/bookings/batch/confirm/${held.body.payment.id}`,
      undefined,
      student.token,
    );
    expect(paid.status).toBe(200);
    expect(paid.body.payment.lessons).toEqual([
      expect.objectContaining({
        status: "SCHEDULED",
        startTime: slot.startTime,
        endTime: slot.endTime,
        pickupLocation: PICKUP,
        instructor: expect.objectContaining({ id: instructor.id }),
      }),
    ]);
    // The invoice and the emails of any booking.
    expect(paid.body.payment.invoiceNumber).toMatch(/\S/);
    expect(await emailsTo(student.email)).toContain("booking_confirmed");
    // The booked time is no longer offered.
    const again = await offerOf(student, lessonId);
    expect(again.slots.map((s) => s.startTime)).not.toContain(slot.startTime);
  });

  it("books again from a completed lesson with the saved card in two requests", async () => {
    const { student, lessonId } = await studentWithCompletedLesson();
    // Saved once, earlier (demo mode saves a demo card at once).
    const saved = await http.post("/api/student/saved-cards", undefined, student.token);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const [card] = (await http.get("/api/student/saved-cards", student.token)).body.cards;
    // 1. GET the offer.
    const offer = await offerOf(student, lessonId);
    const slot = offer.slots[0];
    if (!slot) throw new Error("no slot");
    // 2. POST the booking with the saved card: charged off-session and booked, no card page, no confirm.
    const booked = await http.post(
      "/api/student/bookings/batch",
      { ...bookAgainBatchRequest(offer, slot), savedCardId: card.id },
      student.token,
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.savedCard).toEqual({ status: "paid" });
    expect(booked.body.paymentUrl).toBeUndefined();
    const profile = await http.get("/api/student/profile", student.token);
    expect(profile.body.bookings).toEqual(
      expect.arrayContaining([expect.objectContaining({ startTime: slot.startTime, status: "SCHEDULED" })]),
    );
    expect(await emailsTo(student.email)).toContain("booking_confirmed");
  });

  it("books again from a completed lesson with bundle credits in two requests", async () => {
    const { student, lessonId } = await studentWithCompletedLesson();
    const { bundleId } = await buyBundle(http, student.token, {
      instructorId: instructor.id,
      suburb: "Sydney CBD",
    });
    // 1. GET the offer: it will be paid with the bundle's credits.
    const offer = await offerOf(student, lessonId);
    expect(offer.payment).toEqual({ method: "credits", bundleId, creditsNeeded: 1, creditsLeft: 10 });
    const slot = offer.slots[0];
    if (!slot) throw new Error("no slot");
    // 2. POST the booking: the existing credit spend.
    const booked = await http.post(
      `/api/student/bundles/${bundleId}/bookings`,
      bookAgainCreditRequest(offer, slot),
      student.token,
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.bundle).toMatchObject({ usedLessons: 1 });
    expect(booked.body.bookings).toEqual([
      expect.objectContaining({
        status: "SCHEDULED",
        startTime: slot.startTime,
        pickupLocation: PICKUP,
        bundleId,
      }),
    ]);
  });

  it("leaves out times the learner is already booked for with someone else", async () => {
    const { student, lessonId } = await studentWithCompletedLesson();
    const first = (await offerOf(student, lessonId)).slots[0];
    if (!first) throw new Error("no slot");
    const other = await anInstructor(t, { suburbs: ["Sydney CBD"] });
    await insertPaidLesson(t.database.db, {
      studentId: student.id,
      instructorId: other.id,
      start: new Date(first.startTime),
      suburb: "Sydney CBD",
    });
    const offer = await offerOf(student, lessonId);
    expect(offer.slots.map((s) => s.startTime)).not.toContain(first.startTime);
    expect(offer.slots.length).toBeGreaterThanOrEqual(6);
  });

  it("offers a 90-minute lesson by card even with credits (a credit is one hour)", async () => {
    const lengths = await http.patch(
      "/api/instructor/settings",
      { lessonLengths: [60, 90] },
      instructor.token,
    );
    expect(lengths.status).toBe(200);
    const { student, lessonId } = await studentWithCompletedLesson(instructor, 90);
    await buyBundle(http, student.token, { instructorId: instructor.id, suburb: "Sydney CBD" });
    const offer = await offerOf(student, lessonId);
    expect(offer.lessonMinutes).toBe(90);
    expect(offer.payment).toEqual({ method: "card" });
    for (const s of offer.slots) {
      expect(new Date(s.endTime).getTime() - new Date(s.startTime).getTime()).toBe(90 * 60_000);
    }
  });

  it("the dashboard's offer is from the most recent completed lesson, and null for a learner without one", async () => {
    const { student, lessonId } = await studentWithCompletedLesson();
    const res = await http.get("/api/student/book-again", student.token);
    expect(res.status).toBe(200);
    expect(latestBookAgainResponse.parse(res.body).offer).toMatchObject({
      fromLessonId: lessonId,
      instructor: { id: instructor.id },
    });
    const newcomer = await aStudent(t);
    const none = await http.get("/api/student/book-again", newcomer.token);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ offer: null });
  });

  describe("refusals", () => {
    it("someone else's lesson is 404, as if it did not exist", async () => {
      const { lessonId } = await studentWithCompletedLesson();
      const other = await aStudent(t);
      const res = await http.get(`/api/student/lessons/${lessonId}/book-again`, other.token);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    });

    it("a driving-test package is 409 invalid_state", async () => {
      const student = await aStudent(t);
      const packId = await insertTestPack(t.database.db, {
        studentId: student.id,
        instructorId: instructor.id,
        testAt: new Date(t.clock.now.getTime() - 72 * HOUR_MS),
        status: "COMPLETED",
      });
      const res = await http.get(`/api/student/lessons/${packId}/book-again`, student.token);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: "invalid_state", details: { reason: "test_pack" } });
      expect(res.body.error.message).toMatch(/driving-test package/);
      // Nor is it the dashboard's offer.
      expect((await http.get("/api/student/book-again", student.token)).body).toEqual({ offer: null });
    });

    it("an instructor no longer teaching in that suburb, or no longer listed, is 409 with a sentence", async () => {
      const leaving = await anInstructor(t, { suburbs: ["Sydney CBD", "Parramatta"] });
      const { student, lessonId } = await studentWithCompletedLesson(leaving);
      await updateInstructorSettings(t.database.db, leaving.id, { suburbs: ["Parramatta"] });
      const moved = await http.get(`/api/student/lessons/${lessonId}/book-again`, student.token);
      expect(moved.status).toBe(409);
      expect(moved.body.error).toMatchObject({
        code: "instructor_unavailable",
        details: { reason: "instructor_not_in_suburb" },
      });
      expect(moved.body.error.message).toMatch(/no longer teaches in Sydney CBD/);
      // The dashboard passes over them: no card rather than an error.
      expect((await http.get("/api/student/book-again", student.token)).body).toEqual({ offer: null });

      await updateInstructorSettings(t.database.db, leaving.id, { suburbs: ["Sydney CBD"] });
      await updateInstructorCompliance(t.database.db, leaving.id, { verificationStatus: "REJECTED" });
      const unlisted = await http.get(`/api/student/lessons/${lessonId}/book-again`, student.token);
      expect(unlisted.status).toBe(409);
      expect(unlisted.body.error).toMatchObject({
        code: "instructor_unavailable",
        details: { reason: "instructor_unlisted" },
      });
    });

    it("an instructor is signed out of it: 403", async () => {
      const { lessonId } = await studentWithCompletedLesson();
      const res = await http.get(`/api/student/lessons/${lessonId}/book-again`, instructor.token);
      expect(res.status).toBe(403);
    });
  });
});

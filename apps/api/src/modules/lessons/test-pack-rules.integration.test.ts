/**
 * A driving-test package's own rules (issue 33 item 4): cancelling it by its own tiers (7 days, 48 hours)
 * whoever cancels, its test-pack credit given back on the full tier and usable again, and moving it to
 * the learner's new test time instead of rescheduling it.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  bookings,
  cardRefunds,
  outbox,
  payments,
  testPackCredits,
  testPacks,
} from "../../db/schema/index.ts";
import { freshWeekdays, listSlots, payForSlots } from "../../test/booking-fixtures.ts";
import { api } from "../../test/http.ts";
import { type Actor, anAdmin, anInstructor, aStudent, type Student } from "../../test/scenarios.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { sydneyAt as at } from "../../test/test-pack-fixtures.ts";

const OFFER = { enabled: true, price: 300, includesWarmUp: true, centreIds: ["st-marys", "blacktown"] };
const HOUR_MINUTES = 60;

describeEachDatabase("a test pack's own rules", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let nextWeekday: () => string;

  beforeAll(async () => {
    // Seeded for the demo admin.
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    nextWeekday = freshWeekdays(() => t.clock.now);
  });
  afterAll(() => t.close());

  async function packInstructor(): Promise<Actor> {
    const instructor = await anInstructor(t, { suburbs: ["Penrith", "Parramatta"] });
    const saved = await http.put("/api/instructor/test-package", OFFER, instructor.token);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return instructor;
  }
  const learner = () => aStudent(t, { suburb: "Penrith" });

  /** A card-paid pack for a 13:30 test at St Marys (pick-up 12:00, drop-off 14:45); its lesson id. */
  async function cardPack(instructor: Actor, student: Student, date: string): Promise<string> {
    const held = await http.post(
      "/api/student/test-packs",
      { instructorId: instructor.id, centreId: "st-marys", testAt: at(date, "13:30"), price: 300 },
      student.token,
    );
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    const paid = await http.post(
      `/api/student/bookings/batch/confirm/${held.body.payment.id}`,
      undefined,
      student.token,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [lesson] = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.paymentId, held.body.payment.id));
    return lesson?.id ?? "";
  }

  /** A test-pack credit the learner bought, expiring in 300 days; its id. */
  async function packCredit(student: Student) {
    const [payment] = await t.database.db
      .insert(payments)
      .values({
        userId: student.id,
        type: "BUNDLE",
        status: "PAID",
        provider: "demo",
        subtotalCents: 30000,
        gstCents: 3000,
        amountCents: 33000,
        invoiceNumber: `KRB-PACK-${Math.random().toString(36).slice(2, 10)}`,
      })
      .returning({ id: payments.id });
    const [credit] = await t.database.db
      .insert(testPackCredits)
      .values({
        studentId: student.id,
        source: "PURCHASE",
        paymentId: payment?.id ?? "",
        valueCents: 30000,
        expiresAt: new Date(t.clock.now.getTime() + 300 * 86_400_000),
      })
      .returning({ id: testPackCredits.id, expiresAt: testPackCredits.expiresAt });
    if (!credit) throw new Error("no credit");
    return credit;
  }

  const creditPack = (instructor: Actor, student: Student, date: string) =>
    http.post(
      "/api/student/test-packs/with-credit",
      { instructorId: instructor.id, centreId: "st-marys", testAt: at(date, "13:30") },
      student.token,
    );

  const preview = (student: Student, lessonId: string) =>
    http.get(`/api/student/bookings/${lessonId}/cancellation`, student.token);

  /** Moves the app's clock so the pick-up is `minutes` away. */
  function pickupIn(pickupIso: string, minutes: number) {
    const now = t.clock.now.getTime();
    t.clock.advanceMinutes((new Date(pickupIso).getTime() - now) / 60_000 - minutes);
  }

  describe("cancelling", () => {
    it("previews and cancels by the pack's tiers at each boundary: 7 days full, 48 hours half, then none", async () => {
      const date = nextWeekday();
      const instructor = await packInstructor();
      const student = await learner();
      const lessonId = await cardPack(instructor, student, date);
      const pickup = at(date, "12:00");

      pickupIn(pickup, 168 * HOUR_MINUTES);
      const full = await preview(student, lessonId);
      expect(full.status, JSON.stringify(full.body)).toBe(200);
      expect(full.body).toMatchObject({ tier: "full", refund: { amount: 330, gst: 30, method: "CARD" } });
      expect(full.body.summary).toBe("You will get $330.00 back to your card, including $30.00 GST.");

      t.clock.advanceMinutes(1);
      const half = await preview(student, lessonId);
      expect(half.body).toMatchObject({ tier: "half", refund: { amount: 165, gst: 15, method: "CARD" } });
      expect(half.body.summary).toMatch(/^The pick-up is less than 7 days away, so half is refunded/);
      expect(half.body.summary).toMatch(/move the package to the new test time instead/);

      // An ordinary lesson would be full 72 hours ahead; a pack is half.
      pickupIn(pickup, 48 * HOUR_MINUTES);
      expect((await preview(student, lessonId)).body.tier).toBe("half");

      t.clock.advanceMinutes(1);
      const none = await preview(student, lessonId);
      expect(none.body).toMatchObject({ tier: "none", refund: { amount: 0, method: "NONE" } });
      expect(none.body.summary).toMatch(/^The pick-up is less than 48 hours away, so nothing is refunded/);

      const cancelled = await http.post(`/api/student/bookings/${lessonId}/cancel`, undefined, student.token);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body.refund).toMatchObject({ amount: 0, method: "NONE" });
      expect(
        await t.database.db.select().from(cardRefunds).where(eq(cardRefunds.bookingId, lessonId)),
      ).toEqual([]);
    });

    it("refunds half to the card 3 days before, as the preview said", async () => {
      const date = nextWeekday();
      const instructor = await packInstructor();
      const student = await learner();
      const lessonId = await cardPack(instructor, student, date);
      pickupIn(at(date, "12:00"), 72 * HOUR_MINUTES);
      const cancelled = await http.post(`/api/student/bookings/${lessonId}/cancel`, undefined, student.token);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body.refund).toMatchObject({ amount: 165, gst: 15, method: "CARD" });
      const [refund] = await t.database.db
        .select()
        .from(cardRefunds)
        .where(eq(cardRefunds.bookingId, lessonId));
      expect(refund).toMatchObject({ amountCents: 16500, gstCents: 1500 });
    });

    it("is always full when the instructor or an admin cancels, however late", async () => {
      const date = nextWeekday();
      const instructor = await packInstructor();
      const student = await learner();
      const lessonId = await cardPack(instructor, student, date);
      pickupIn(at(date, "12:00"), 2 * HOUR_MINUTES);
      const admin = await anAdmin(t);
      const adminPreview = await http.get(`/api/admin/bookings/${lessonId}/cancellation`, admin.token);
      expect(adminPreview.status, JSON.stringify(adminPreview.body)).toBe(200);
      expect(adminPreview.body).toMatchObject({ tier: "full", refund: { amount: 330, method: "CARD" } });
      const staff = await http.get(`/api/instructor/lessons/${lessonId}/cancellation`, instructor.token);
      expect(staff.status, JSON.stringify(staff.body)).toBe(200);
      expect(staff.body).toMatchObject({ tier: "full", refund: { amount: 330, method: "CARD" } });
      const cancelled = await http.post(
        `/api/instructor/lessons/${lessonId}/cancel`,
        { reason: "My car broke down" },
        instructor.token,
      );
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      const [refund] = await t.database.db
        .select()
        .from(cardRefunds)
        .where(eq(cardRefunds.bookingId, lessonId));
      expect(refund).toMatchObject({ amountCents: 33000 });
    });

    it("gives a credit-paid pack's credit back on the full tier, usable again with the same expiry", async () => {
      const date = nextWeekday();
      const instructor = await packInstructor();
      const student = await learner();
      const credit = await packCredit(student);
      const booked = await creditPack(instructor, student, date);
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      const lessonId: string = booked.body.lessonId;

      const before = await preview(student, lessonId);
      expect(before.body).toMatchObject({ tier: "full", creditReturned: true, refund: { method: "CREDIT" } });
      expect(before.body.summary).toMatch(/^Your test-pack credit goes back to you/);

      const cancelled = await http.post(`/api/student/bookings/${lessonId}/cancel`, undefined, student.token);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body.refund).toMatchObject({ amount: 0, method: "CREDIT" });
      const [row] = await t.database.db
        .select()
        .from(testPackCredits)
        .where(eq(testPackCredits.id, credit.id));
      expect(row).toMatchObject({ usedByBookingId: null, usedAt: null, expiresAt: credit.expiresAt });
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, lessonId), eq(auditLog.action, "booking.cancel")));
      expect(audit?.details).toMatchObject({ tier: "full", testPackCreditReturned: credit.id });

      // The same credit books the next pack.
      const again = await creditPack(instructor, student, nextWeekday());
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(again.body.creditId).toBe(credit.id);
    });

    it("keeps a credit-paid pack's credit spent when cancelled late", async () => {
      const date = nextWeekday();
      const instructor = await packInstructor();
      const student = await learner();
      const credit = await packCredit(student);
      const booked = await creditPack(instructor, student, date);
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      pickupIn(at(date, "12:00"), 24 * HOUR_MINUTES);

      const late = await preview(student, booked.body.lessonId);
      expect(late.body).toMatchObject({ tier: "none", creditReturned: false });
      expect(late.body.summary).toMatch(/your test-pack credit stays used/);
      const cancelled = await http.post(
        `/api/student/bookings/${booked.body.lessonId}/cancel`,
        undefined,
        student.token,
      );
      expect(cancelled.body.refund).toMatchObject({ amount: 0, method: "NONE" });
      const [row] = await t.database.db
        .select()
        .from(testPackCredits)
        .where(eq(testPackCredits.id, credit.id));
      expect(row?.usedByBookingId).toBe(booked.body.lessonId);
    });
  });

  describe("moving to a new test time", () => {
    const move = (student: Student, lessonId: string, body: unknown) =>
      http.post(`/api/student/test-packs/${lessonId}/move`, body, student.token);

    it("moves the block and the test, and tells both as for a reschedule", async () => {
      const date = nextWeekday();
      const newDate = nextWeekday();
      const instructor = await packInstructor();
      const student = await learner();
      const lessonId = await cardPack(instructor, student, date);

      const moved = await move(student, lessonId, { testAt: at(newDate, "10:30"), centreId: "st-marys" });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body.plan).toMatchObject({
        pickupAt: at(newDate, "09:00"),
        dropOffAt: at(newDate, "11:45"),
      });
      expect(moved.body.testPack).toMatchObject({ testAt: at(newDate, "10:30"), centre: { id: "st-marys" } });
      expect(moved.body.booking).toMatchObject({ id: lessonId, startTime: at(newDate, "09:00") });

      const [lesson] = await t.database.db.select().from(bookings).where(eq(bookings.id, lessonId));
      expect(lesson?.startTime.toISOString()).toBe(at(newDate, "09:00"));
      expect(lesson?.endTime.toISOString()).toBe(at(newDate, "11:45"));
      expect(lesson?.priceCents).toBe(30000);
      const [pack] = await t.database.db.select().from(testPacks).where(eq(testPacks.bookingId, lessonId));
      expect(pack?.testAt.toISOString()).toBe(at(newDate, "10:30"));
      const mails = await t.database.db
        .select({ to: outbox.toEmail })
        .from(outbox)
        .where(eq(outbox.kind, "lesson_rescheduled"));
      expect(mails.map((m) => m.to)).toEqual(expect.arrayContaining([student.email, instructor.email]));
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, lessonId), eq(auditLog.action, "booking.test_pack_move")));
      expect(audit?.details).toMatchObject({ to: { testAt: at(newDate, "10:30") } });

      // An hour later the same day overlaps the pack's own block: it does not stand in its own way.
      const later = await move(student, lessonId, { testAt: at(newDate, "11:30") });
      expect(later.status, JSON.stringify(later.body)).toBe(200);
      expect(later.body.plan.pickupAt).toBe(at(newDate, "10:00"));

      // Another centre the instructor serves: the drive is planned again.
      const blacktown = await move(student, lessonId, {
        testAt: at(newDate, "11:30"),
        centreId: "blacktown",
      });
      expect(blacktown.status, JSON.stringify(blacktown.body)).toBe(200);
      expect(blacktown.body.testPack.centre.id).toBe("blacktown");
    });

    it("refuses a time when the instructor has another lesson, and changes nothing", async () => {
      const date = nextWeekday();
      const busyDate = nextWeekday();
      const instructor = await packInstructor();
      const student = await learner();
      const lessonId = await cardPack(instructor, student, date);
      const other = await aStudent(t, { suburb: "Penrith" });
      const slot = (
        await listSlots(http, other.token, { date: busyDate, suburb: "Penrith", instructorId: instructor.id })
      ).find((s) => s.startTime === at(busyDate, "14:00"));
      if (!slot) throw new Error("no 14:00 slot");
      await payForSlots(http, other.token, [slot]);

      const refused = await move(student, lessonId, { testAt: at(busyDate, "13:30") });
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.error).toMatchObject({ code: "slot_unavailable", details: { reason: "overlap" } });
      expect(refused.body.error.message).toMatch(/already has a lesson between the pick-up and the drop-off/);
      expect(refused.body.error.message).toMatch(/Your package keeps its present time/);
      const [lesson] = await t.database.db.select().from(bookings).where(eq(bookings.id, lessonId));
      expect(lesson?.startTime.toISOString()).toBe(at(date, "12:00"));
      const [pack] = await t.database.db.select().from(testPacks).where(eq(testPacks.bookingId, lessonId));
      expect(pack?.testAt.toISOString()).toBe(at(date, "13:30"));
    });

    it("is refused by the ordinary reschedule, which points to the move", async () => {
      const date = nextWeekday();
      const instructor = await packInstructor();
      const student = await learner();
      const lessonId = await cardPack(instructor, student, date);
      const res = await http.post(
        `/api/student/bookings/${lessonId}/reschedule`,
        { startTime: at(date, "09:00"), endTime: at(date, "11:45") },
        student.token,
      );
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: "invalid_state", details: { reason: "test_pack" } });
      expect(res.body.error.message).toMatch(/Move to my new test time/);
    });

    it("cannot be proposed a new time by the instructor or an admin: only the learner knows the test's", async () => {
      const date = nextWeekday();
      const instructor = await packInstructor();
      const student = await learner();
      const lessonId = await cardPack(instructor, student, date);
      const admin = await http.login("admin@demo.test");
      const time = { startTime: at(date, "09:00"), endTime: at(date, "11:45") };
      for (const res of [
        await http.post(`/api/instructor/lessons/${lessonId}/move-proposals`, time, instructor.token),
        await http.post(`/api/admin/bookings/${lessonId}/move-proposals`, time, admin.accessToken),
      ]) {
        expect(res.status).toBe(409);
        expect(res.body.error).toMatchObject({ code: "invalid_state", details: { reason: "test_pack" } });
        expect(res.body.error.message).toMatch(/only the learner can move it/);
      }
    });

    it("is 404 for someone else's pack, 409 for an ordinary lesson and 400 for bad input", async () => {
      const date = nextWeekday();
      const instructor = await packInstructor();
      const student = await learner();
      const lessonId = await cardPack(instructor, student, date);
      const stranger = await learner();
      const testAt = at(nextWeekday(), "13:30");

      const notYours = await move(stranger, lessonId, { testAt });
      expect(notYours.status).toBe(404);

      const lessonDate = nextWeekday();
      const slot = (
        await listSlots(http, stranger.token, {
          date: lessonDate,
          suburb: "Penrith",
          instructorId: instructor.id,
        })
      )[0];
      if (!slot) throw new Error("no slot");
      await payForSlots(http, stranger.token, [slot]);
      const [ordinary] = await t.database.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(eq(bookings.studentId, stranger.id));
      const notAPack = await move(stranger, ordinary?.id ?? "", { testAt });
      expect(notAPack.status).toBe(409);
      expect(notAPack.body.error.code).toBe("not_a_test_pack");

      for (const body of [{}, { testAt: "next Tuesday" }, { testAt, centreId: "the-moon" }]) {
        const bad = await move(student, lessonId, body);
        expect(bad.status, JSON.stringify(body)).toBe(400);
        expect(bad.body.error.code).toBe("validation_error");
      }
      const past = await move(student, lessonId, {
        testAt: new Date(t.clock.now.getTime() - 3_600_000).toISOString(),
      });
      expect(past.status).toBe(400);
      expect(past.body.error.code).toBe("slot_in_past");
      const same = await move(student, lessonId, { testAt: at(date, "13:30") });
      expect(same.status).toBe(400);
      expect(same.body.error.message).toMatch(/already planned for that test/);
      const notServed = await move(student, lessonId, { testAt, centreId: "silverwater" });
      expect(notServed.status).toBe(409);
      expect(notServed.body.error).toMatchObject({
        code: "instructor_unavailable",
        details: { reason: "centre_not_served" },
      });
    });
  });
});

/**
 * A learner books a driving-test package (issue 33 item 3): the options for their test, the hold of the
 * instructor's whole block with its card payment (demo), the invoice line, the block taken out of other
 * learners' slots (travel included), the refusals, and ten learners racing for one morning.
 */
import { addDaysToDate, formatIsoDate, formatSydneyDate, sydneyDateOf } from "@kerb/shared/rules";
import { TEST_PACK_CANCELLATION_TERMS } from "@kerb/shared/words";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  bookings,
  ledgerEntries,
  ledgerJournals,
  payments,
  testPackClaims,
  testPackCredits,
  testPacks,
} from "../../db/schema/index.ts";
import { freshWeekdays, listSlots, payForSlots } from "../../test/booking-fixtures.ts";
import { api } from "../../test/http.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { type Actor, anInstructor, aStudent, type Student } from "../../test/scenarios.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { sydneyAt as at, insertTestPack } from "../../test/test-pack-fixtures.ts";

const OFFER = { enabled: true, price: 300, includesWarmUp: true, centreIds: ["st-marys"] };

describeEachDatabase("test packs: a learner books one", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let nextWeekday: () => string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    http = api(t.app);
    nextWeekday = freshWeekdays(() => t.clock.now);
  });
  afterAll(() => t.close());

  /** An instructor of Penrith and Parramatta (9–17 weekdays) offering $300 packs at St Marys. */
  async function packInstructor(offer: Partial<typeof OFFER> = {}): Promise<Actor> {
    const instructor = await anInstructor(t, { suburbs: ["Penrith", "Parramatta"] });
    const saved = await http.put("/api/instructor/test-package", { ...OFFER, ...offer }, instructor.token);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return instructor;
  }

  const learner = () => aStudent(t, { suburb: "Penrith" });

  const options = (student: Student, query: Record<string, string>) =>
    http.get(`/api/student/test-packs/options?${new URLSearchParams(query)}`, student.token);

  /** A pack for a 13:30 test at St Marys: with the warm-up, pick-up 12:00 and drop-off 14:45 (Penrith). */
  const packRequest = (instructor: Actor, date: string, overrides: Record<string, unknown> = {}) => ({
    instructorId: instructor.id,
    centreId: "st-marys",
    testAt: at(date, "13:30"),
    price: 300,
    pickupLocation: "12 High Street",
    ...overrides,
  });

  /** Another learner's paid lesson with the instructor at `hhmm` in `suburb`. */
  async function lessonAt(instructor: Actor, date: string, hhmm: string, suburb: string) {
    const other = await aStudent(t, { suburb });
    const slot = (await listSlots(http, other.token, { date, suburb, instructorId: instructor.id })).find(
      (s) => s.startTime === at(date, hhmm),
    );
    if (!slot) throw new Error(`no ${hhmm} slot in ${suburb}`);
    await payForSlots(http, other.token, [slot]);
  }

  it("offers the instructors free for the whole block, with the plan and the price incl. GST", async () => {
    const date = nextWeekday();
    const free = await packInstructor();
    const busy = await packInstructor();
    const elsewhere = await packInstructor({ centreIds: ["blacktown"] });
    await lessonAt(busy, date, "14:00", "Penrith");
    const student = await learner();

    const res = await options(student, { centreId: "st-marys", testAt: at(date, "13:30") });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.centre).toMatchObject({ id: "st-marys", name: "St Marys Driver Testing Centre" });
    expect(res.body.suburb).toBe("Penrith");
    const ids = res.body.options.map((o: { instructorId: string }) => o.instructorId);
    expect(ids).toContain(free.id);
    expect(ids).not.toContain(busy.id);
    expect(ids).not.toContain(elsewhere.id);
    const option = res.body.options.find((o: { instructorId: string }) => o.instructorId === free.id);
    expect(option).toMatchObject({
      price: 330,
      priceText: "$330.00 incl. GST ($300.00 + GST)",
      priceExGst: 300,
      includesWarmUp: true,
      plan: {
        pickupAt: at(date, "12:00"),
        warmUp: { start: at(date, "12:00"), end: at(date, "13:00") },
        arriveBy: at(date, "13:15"),
        test: { start: at(date, "13:30"), end: at(date, "14:30") },
        dropOffAt: at(date, "14:45"),
        toCentreMinutes: 15,
        fromCentreMinutes: 15,
      },
    });
  });

  it("holds the block, pays it in demo mode and puts the pack on the tax invoice", async () => {
    const date = nextWeekday();
    const instructor = await packInstructor();
    const student = await learner();
    const held = await http.post("/api/student/test-packs", packRequest(instructor, date), student.token);
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(held.body.payment).toMatchObject({ subtotal: 300, gst: 30, amount: 330 });
    const paymentId: string = held.body.payment.id;

    const confirmed = await http.post(
      `/api/student/bookings/batch/confirm/${paymentId}`,
      undefined,
      student.token,
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    const [lesson] = await t.database.db.select().from(bookings).where(eq(bookings.paymentId, paymentId));
    expect(lesson).toMatchObject({
      status: "SCHEDULED",
      instructorId: instructor.id,
      suburb: "Penrith",
      pickupLocation: "12 High Street",
      priceCents: 30000,
    });
    expect(lesson?.startTime.toISOString()).toBe(at(date, "12:00"));
    expect(lesson?.endTime.toISOString()).toBe(at(date, "14:45"));
    const [pack] = await t.database.db
      .select()
      .from(testPacks)
      .where(eq(testPacks.bookingId, lesson?.id ?? ""));
    expect(pack).toMatchObject({ centreId: "st-marys", includesWarmUp: true, toCentreMinutes: 15 });
    expect(pack?.testAt.toISOString()).toBe(at(date, "13:30"));

    const invoice = await t.app.inject({
      method: "GET",
      url: `/api/student/payments/${paymentId}/invoice.pdf`,
      headers: { authorization: `Bearer ${student.token}` },
    });
    expect(invoice.statusCode).toBe(200);
    const text = pdfText(invoice.rawPayload);
    const day = formatSydneyDate(new Date(at(date, "13:30")));
    expect(text).toContain(`Driving test package — St Marys Driver Testing Centre, ${day}`);
    expect(text).toContain("Total (incl. GST) $330.00");
    // The pack's own terms beside the lessons': 7 days, 48 hours, and a moved test is a move.
    expect(text).toContain(`Driving test packages • ${TEST_PACK_CANCELLATION_TERMS[0]}`);

    // The block is a lesson record every existing screen can show: none of them chokes on its length.
    const reads = [
      await http.get("/api/student/profile", student.token),
      await http.get(`/api/student/bookings/${lesson?.id}/cancellation`, student.token),
      await http.get("/api/instructor/lessons", instructor.token),
      await http.get("/api/instructor/dashboard", instructor.token),
    ];
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // The instructor's list says which lesson is the test day, where and when.
    const listed = reads[2]?.body.items.find((l: { id: string }) => l.id === lesson?.id);
    expect(listed.testPack).toMatchObject({
      bookingId: lesson?.id,
      centre: { id: "st-marys", name: "St Marys Driver Testing Centre" },
      testAt: at(date, "13:30"),
      includesWarmUp: true,
      outcome: null,
    });
  });

  it("takes the block out of other learners' slots, with the drive to and from it", async () => {
    const date = nextWeekday();
    const instructor = await packInstructor();
    const student = await learner();
    const held = await http.post("/api/student/test-packs", packRequest(instructor, date), student.token);
    expect(held.status, JSON.stringify(held.body)).toBe(201);

    const other = await learner();
    const starts = async (suburb: string) =>
      (await listSlots(http, other.token, { date, suburb, instructorId: instructor.id })).map(
        (s) => s.startTime,
      );
    const penrith = await starts("Penrith");
    // In Penrith the block 12:00–14:45 alone is taken: 11:00 ends at the pick-up, 15:00 follows the drop-off.
    expect(penrith).toEqual(expect.arrayContaining([at(date, "11:00"), at(date, "15:00")]));
    for (const hhmm of ["12:00", "13:00", "14:00"]) expect(penrith).not.toContain(at(date, hhmm));
    // Parramatta is an hour's drive from Penrith: 11:00 there cannot reach the 12:00 pick-up, 10:00 can.
    const parramatta = await starts("Parramatta");
    expect(parramatta).toContain(at(date, "10:00"));
    expect(parramatta).not.toContain(at(date, "11:00"));
    expect(parramatta).not.toContain(at(date, "15:00"));
    expect(parramatta).toContain(at(date, "16:00"));
  });

  it("refuses with a sentence that says why", async () => {
    const date = nextWeekday();
    const instructor = await packInstructor();
    const student = await learner();
    const hold = (overrides: Record<string, unknown>, who: Actor = instructor) =>
      http.post("/api/student/test-packs", packRequest(who, date, overrides), student.token);

    const past = await hold({ testAt: new Date(t.clock.now.getTime() - 3_600_000).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.error).toMatchObject({ code: "slot_in_past", message: expect.stringMatching(/passed/) });

    // A test Service NSW booked months ahead: the pack opens 30 days before it, and the learner is told when.
    const farDate = addDaysToDate(sydneyDateOf(t.clock.now), 45);
    const far = await http.get(
      `/api/student/test-packs/options?centreId=st-marys&testAt=${encodeURIComponent(at(farDate, "10:30"))}`,
      student.token,
    );
    expect(far.status).toBe(400);
    expect(far.body.error).toMatchObject({
      code: "validation_error",
      message: `Test packages can be booked up to 30 days before the test, when instructors' calendars open: for your test on ${formatIsoDate(farDate)}, book from ${formatIsoDate(addDaysToDate(farDate, -30))}.`,
      details: [{ path: "testAt" }],
    });
    expect((await hold({ testAt: at(farDate, "10:30") })).status).toBe(400);

    // The app's clock is a Monday 09:00: a 11:30 test today means a 10:00 pick-up, inside the 2 hours' notice.
    const soon = await hold({ testAt: at(sydneyDateOf(t.clock.now), "11:30") });
    expect(soon.status, JSON.stringify(soon.body)).toBe(400);
    expect(soon.body.error.details).toMatchObject({ reason: "notice" });
    expect(soon.body.error.message).toMatch(/needs 2 hours' notice/);

    const notServed = await hold({ centreId: "blacktown" });
    expect(notServed.status).toBe(400);
    expect(notServed.body.error.message).toMatch(/does not take learners to Blacktown Service Centre/);

    const off = await packInstructor({ enabled: false });
    const notOffering = await hold({}, off);
    expect(notOffering.status).toBe(409);
    expect(notOffering.body.error.message).toMatch(/does not offer driving-test packages/);

    const changed = await hold({ price: 280 });
    expect(changed.status).toBe(400);
    expect(changed.body.error).toMatchObject({ code: "amount_mismatch", details: { expected: 300 } });

    await lessonAt(instructor, date, "13:00", "Penrith");
    const overlap = await hold({});
    expect(overlap.status).toBe(409);
    expect(overlap.body.error).toMatchObject({ code: "slot_unavailable", details: { reason: "overlap" } });
    expect(overlap.body.error.message).toMatch(/already has a lesson between the pick-up and the drop-off/);

    const driving = await packInstructor();
    await lessonAt(driving, date, "11:00", "Parramatta");
    const travel = await hold({}, driving);
    expect(travel.status).toBe(409);
    expect(travel.body.error).toMatchObject({ code: "slot_unavailable", details: { reason: "travel" } });
    expect(travel.body.error.message).toMatch(/cannot reach the pick-up at 12:00 pm/);
  });

  /** A test-pack credit the learner bought ($300 ex GST), expiring `days` days after the app's clock. */
  async function packCredit(student: Student, days: number) {
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
        expiresAt: new Date(t.clock.now.getTime() + days * 86_400_000),
      })
      .returning({ id: testPackCredits.id });
    return credit?.id ?? "";
  }

  it("books a pack with an unused test-pack credit: no card, the credit used in the same transaction", async () => {
    const date = nextWeekday();
    const instructor = await packInstructor();
    const student = await learner();
    const { price: _price, ...request } = packRequest(instructor, date);
    const withCredit = () => http.post("/api/student/test-packs/with-credit", request, student.token);

    const none = await withCredit();
    expect(none.status).toBe(409);
    expect(none.body.error).toMatchObject({
      code: "insufficient_credits",
      message: expect.stringMatching(/by card/),
    });

    await packCredit(student, -1); // expired: never spent
    const creditId = await packCredit(student, 300);
    const booked = await withCredit();
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({
      creditId,
      instructorId: instructor.id,
      suburb: "Penrith",
      centre: { id: "st-marys" },
      plan: { pickupAt: at(date, "12:00"), dropOffAt: at(date, "14:45") },
    });
    const [lesson] = await t.database.db.select().from(bookings).where(eq(bookings.id, booked.body.lessonId));
    expect(lesson).toMatchObject({ status: "SCHEDULED", paymentId: null, priceCents: 30000 });
    const [credit] = await t.database.db
      .select()
      .from(testPackCredits)
      .where(eq(testPackCredits.id, creditId));
    expect(credit).toMatchObject({ usedByBookingId: booked.body.lessonId, usedAt: t.clock.now });
    const [pack] = await t.database.db
      .select()
      .from(testPacks)
      .where(eq(testPacks.bookingId, booked.body.lessonId));
    expect(pack).toMatchObject({ centreId: "st-marys" });
    const preview = await http.get(
      `/api/student/bookings/${booked.body.lessonId}/cancellation`,
      student.token,
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);

    // The one credit is spent: the next pack (another day) needs a card.
    const again = await http.post(
      "/api/student/test-packs/with-credit",
      { ...request, testAt: at(nextWeekday(), "13:30") },
      student.token,
    );
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("insufficient_credits");
  });

  /** The learner's failed pack a week ago, its approved claim, and a pack booked with the credit it issued. */
  async function packWithPassPromise(instructor: Actor, student: Student, date: string) {
    const failed = await insertTestPack(t.database.db, {
      studentId: student.id,
      instructorId: instructor.id,
      testAt: new Date(t.clock.now.getTime() - 7 * 86_400_000),
      status: "COMPLETED",
      outcome: "FAILED",
    });
    const [claim] = await t.database.db
      .insert(testPackClaims)
      .values({ studentId: student.id, bookingId: failed, status: "APPROVED", decidedAt: t.clock.now })
      .returning({ id: testPackClaims.id });
    await t.database.db.insert(testPackCredits).values({
      studentId: student.id,
      source: "PASS_PROMISE",
      claimId: claim?.id ?? "",
      valueCents: 0,
      expiresAt: new Date(t.clock.now.getTime() + 365 * 86_400_000),
    });
    const { price: _price, ...request } = packRequest(instructor, date);
    const booked = await http.post("/api/student/test-packs/with-credit", request, student.token);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    return booked;
  }

  /** The ledger lines posted for one lesson, smallest first. */
  async function journalLines(bookingId: string) {
    const lines = await t.database.db
      .select({
        event: ledgerJournals.event,
        account: ledgerEntries.account,
        cents: ledgerEntries.amountCents,
      })
      .from(ledgerJournals)
      .innerJoin(ledgerEntries, eq(ledgerEntries.journalId, ledgerJournals.id))
      .where(eq(ledgerJournals.bookingId, bookingId));
    return lines.sort((a, b) => a.cents - b.cents);
  }

  it("a pack paid with the pass promise's credit: once taught, its instructor's share is Kerb's cost", async () => {
    const date = nextWeekday();
    const instructor = await packInstructor();
    const student = await learner();
    const booked = await packWithPassPromise(instructor, student, date);

    // The test day passes; the instructor records the pass, which completes the block.
    const dropOff = Date.parse(booked.body.plan.dropOffAt);
    t.clock.advanceMinutes(Math.ceil((dropOff - t.clock.now.getTime()) / 60_000) + 5);
    const outcome = await http.post(
      `/api/instructor/lessons/${booked.body.lessonId}/test-outcome`,
      { outcome: "PASSED" },
      instructor.token,
    );
    expect(outcome.status, JSON.stringify(outcome.body)).toBe(200);

    expect(await journalLines(booked.body.lessonId)).toEqual([
      { event: "lesson.promotion", account: "INSTRUCTOR_PAYABLE", cents: -22_500 },
      { event: "lesson.promotion", account: "PROMOTION_COSTS", cents: 22_500 },
    ]);
  });

  it("a pass-promise pack cancelled late: the kept value earns its instructor, at Kerb's cost, as payouts count it", async () => {
    const date = nextWeekday();
    const instructor = await packInstructor();
    const student = await learner();
    const booked = await packWithPassPromise(instructor, student, date);
    const netCents = async () => {
      const earnings = await http.get("/api/instructor/earnings", instructor.token);
      return Math.round(earnings.body.totals.net * 100);
    };
    const before = await netCents();
    // A day before the pick-up: the pack's "none" tier, the credit stays spent.
    const pickup = Date.parse(booked.body.plan.pickupAt);
    t.clock.advanceMinutes(Math.floor((pickup - t.clock.now.getTime()) / 60_000) - 24 * 60);
    const cancelled = await http.post(
      `/api/student/bookings/${booked.body.lessonId}/cancel`,
      undefined,
      student.token,
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.refund).toMatchObject({ amount: 0, method: "NONE" });

    const net = (await netCents()) - before;
    expect(net).toBe(22_500);
    // The ledger owes the instructor what the earnings page (and so the payout) counts.
    expect(await journalLines(booked.body.lessonId)).toEqual([
      { event: "lesson.promotion", account: "INSTRUCTOR_PAYABLE", cents: -net },
      { event: "lesson.promotion", account: "PROMOTION_COSTS", cents: net },
    ]);
  });

  it.runIf(kind === "postgres")(
    "ten learners racing for one morning: one pack, nine clear refusals",
    async () => {
      const date = nextWeekday();
      const instructor = await packInstructor();
      const students: Student[] = [];
      for (let i = 0; i < 10; i++) students.push(await learner());
      const answers = await Promise.all(
        students.map((s) =>
          http.post(
            "/api/student/test-packs",
            packRequest(instructor, date, { testAt: at(date, "10:30") }),
            s.token,
          ),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([201, ...Array(9).fill(409)]);
      for (const refused of answers.filter((a) => a.status === 409)) {
        expect(refused.body.error.code).toBe("slot_unavailable");
        expect(refused.body.error.message).toMatch(
          /already has a lesson between the pick-up and the drop-off/,
        );
      }
      const held = await t.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.instructorId, instructor.id));
      expect(held).toHaveLength(1);
    },
  );
});

import {
  gstIncludedCents,
  instructorEarningsCents,
  platformFeeCents,
  sydneyDateOf,
} from "@kerb/shared/rules";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  bookings,
  cardRefunds,
  ledgerEntries,
  ledgerJournals,
  payments,
  payouts,
} from "../../db/schema/index.ts";
import { freshWeekdays, type ListedSlot, listSlots, registerStudent } from "../../test/booking-fixtures.ts";
import { addHours, readBooking } from "../../test/fixtures/instructor-fixtures.ts";
import type { Http, Student } from "../../test/fixtures/student-lesson-fixtures.ts";
import { aStudentWithPaidLesson } from "../../test/scenarios.ts";
import { startDemoApp } from "../../test/seeded-app.ts";
import { describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { insertPayment, newInvoiceNumber } from "../payments/index.ts";
import { postJournal } from "./post-journal.ts";

describeEachDatabase("the ledger", (kind) => {
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

  const freshDate = freshWeekdays(() => base);

  async function expectBalanced() {
    const res = await http.get("/api/admin/ledger/balance", admin);
    expect(res.status).toBe(200);
    expect(res.body.unbalancedPayments).toEqual([]);
    expect(res.body).toMatchObject({ balanced: true, totalCents: 0, payments: { unbalanced: 0 } });
    expect(res.body.journals.unbalanced).toBe(0);
    return res.body as { payments: { checked: number }; journals: { checked: number } };
  }

  /** The journal posted under `key` and its lines as {account: cents}. */
  async function journal(key: string) {
    const [row] = await t.database.db.select().from(ledgerJournals).where(eq(ledgerJournals.key, key));
    if (!row) return undefined;
    const lines = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.journalId, row.id));
    return {
      ...row,
      lines: Object.fromEntries(lines.map((l) => [l.account, l.amountCents])),
      instructorIds: lines.filter((l) => l.instructorId).map((l) => l.instructorId),
    };
  }
  const journalCount = async () => {
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(ledgerJournals);
    return row?.n ?? 0;
  };

  const afterEnd = (start: Date) => {
    t.clock.now = addHours(start, 1.5);
  };
  const markLesson = (id: string, outcome: "complete" | "no-show") =>
    http.post(`/api/instructor/lessons/${id}/${outcome}`, undefined, demo.token);
  const cancel = (id: string, token: string) =>
    http.post(`/api/student/bookings/${id}/cancel`, undefined, token);
  const refundIdOf = async (bookingId: string) => {
    const [row] = await t.database.db.select().from(cardRefunds).where(eq(cardRefunds.bookingId, bookingId));
    return row?.id;
  };

  /** A 10-lesson bundle with the demo instructor at $70 a lesson, bought and paid in demo mode. */
  async function buyBundle(student: Student) {
    const purchase = await http.post(
      "/api/student/bundles/purchase",
      { totalLessons: 10, pricePerLesson: 70, instructorId: demo.id, suburb: "Sydney CBD" },
      student.accessToken,
    );
    expect(purchase.status).toBe(201);
    const paymentId = purchase.body.payment.id as string;
    const confirm = await http.post(
      `/api/student/bundles/confirm/${paymentId}`,
      undefined,
      student.accessToken,
    );
    expect(confirm.status).toBe(200);
    const profile = await http.get("/api/student/profile", student.accessToken);
    return { bundleId: profile.body.bundles[0].id as string, paymentId };
  }

  async function spendCredits(student: Student, bundleId: string, slots: ListedSlot[]) {
    const res = await http.post(
      `/api/student/bundles/${bundleId}/bookings`,
      {
        bookings: slots.map((s) => ({
          startTime: s.startTime,
          endTime: s.endTime,
          pickupLocation: "1 Martin Place",
        })),
      },
      student.accessToken,
    );
    expect(res.status).toBe(201);
    return (res.body.bookings as Array<{ id: string; startTime: string }>).map((b) => ({
      id: b.id,
      start: new Date(b.startTime),
    }));
  }

  const standardSlots = async (student: Student, date: string) =>
    (await listSlots(http, student.accessToken, { date, instructorId: demo.id })).filter(
      (s) => !s.isPoolHours,
    );

  it("balances from the start: the seeded demo payment and its taught lesson are posted", async () => {
    const check = await expectBalanced();
    expect(check.payments.checked).toBeGreaterThanOrEqual(1);
    expect(check.journals.checked).toBeGreaterThanOrEqual(2);
  });

  it("a batch purchase posts the charge: cash in, GST owed, lessons unearned", async () => {
    const student = await registerStudent(http);
    const date = freshDate();
    const [a, b] = await standardSlots(student, date);
    if (!a || !b) throw new Error("two slots needed");
    const batch = await http.post(
      "/api/student/bookings/batch",
      {
        bookings: [a, b].map((s) => ({
          instructorId: s.instructorId,
          startTime: s.startTime,
          endTime: s.endTime,
          price: s.price,
          isPoolHours: s.isPoolHours,
          pickupLocation: "1 Martin Place",
        })),
      },
      student.accessToken,
    );
    expect(batch.status).toBe(201);
    const paymentId = batch.body.payment.id as string;
    // Nothing is posted while the payment is only pending.
    expect(await journal(`payment:${paymentId}:captured`)).toBeUndefined();
    const confirm = await http.post(
      `/api/student/bookings/batch/confirm/${paymentId}`,
      undefined,
      student.accessToken,
    );
    expect(confirm.status).toBe(200);

    const posted = await journal(`payment:${paymentId}:captured`);
    expect(posted).toMatchObject({
      event: "payment.captured",
      paymentId,
      lines: { STUDENT_CASH: 16500, GST_PAYABLE: -1500, UNEARNED_REVENUE: -15000 },
    });
    // A second confirmation is a no-op for the ledger too.
    const before = await journalCount();
    expect(
      (await http.post(`/api/student/bookings/batch/confirm/${paymentId}`, undefined, student.accessToken))
        .status,
    ).toBe(200);
    expect(await journalCount()).toBe(before);
    await expectBalanced();
  });

  it("a bundle purchase, credit spend (no posting), completion and no-show of credit lessons", async () => {
    const student = await registerStudent(http);
    const { bundleId, paymentId } = await buyBundle(student);
    expect(await journal(`payment:${paymentId}:captured`)).toMatchObject({
      lines: { STUDENT_CASH: 77000, GST_PAYABLE: -7000, UNEARNED_REVENUE: -70000 },
    });
    await expectBalanced();

    const [a, b] = await standardSlots(student, freshDate());
    if (!a || !b) throw new Error("two slots needed");
    const before = await journalCount();
    const [first, second] = await spendCredits(student, bundleId, [a, b]);
    if (!first || !second) throw new Error("two lessons booked");
    expect(await journalCount()).toBe(before); // spending a credit moves no money
    await expectBalanced();

    afterEnd(second.start.getTime() > first.start.getTime() ? second.start : first.start);
    expect((await markLesson(first.id, "complete")).status).toBe(200);
    expect(await journal(`lesson:${first.id}:earned`)).toMatchObject({
      event: "lesson.completed",
      paymentId, // the bundle's payment
      bookingId: first.id,
      occurredAt: first.start,
      lines: { UNEARNED_REVENUE: 7000, PLATFORM_REVENUE: -1750, INSTRUCTOR_PAYABLE: -5250 },
      instructorIds: [demo.id],
    });
    expect((await markLesson(second.id, "no-show")).status).toBe(200);
    expect(await journal(`lesson:${second.id}:earned`)).toMatchObject({
      event: "lesson.no_show",
      lines: { UNEARNED_REVENUE: 7000, PLATFORM_REVENUE: -1750, INSTRUCTOR_PAYABLE: -5250 },
    });
    // Marking again is refused and posts nothing.
    const after = await journalCount();
    expect((await markLesson(first.id, "complete")).status).toBe(409);
    expect(await journalCount()).toBe(after);
    await expectBalanced();
  });

  it("balances through a bundle spent on a 60- and a 120-minute lesson: credits count, not lessons", async () => {
    // The demo instructor offers 2-hour lessons (the seed gives him every length).
    const student = await registerStudent(http);
    const purchase = await http.post(
      "/api/student/bundles/purchase",
      { totalLessons: 5, pricePerLesson: 75, instructorId: demo.id, suburb: "Sydney CBD" },
      student.accessToken,
    );
    expect(purchase.status).toBe(201);
    const paymentId = purchase.body.payment.id as string;
    expect(
      (await http.post(`/api/student/bundles/confirm/${paymentId}`, undefined, student.accessToken)).status,
    ).toBe(200);
    const bundleId = (await http.get("/api/student/profile", student.accessToken)).body.bundles[0]
      .id as string;

    const date = freshDate();
    const [long] = await listSlots(http, student.accessToken, {
      date,
      instructorId: demo.id,
      lessonMinutes: 120,
    });
    if (!long) throw new Error("a 2-hour slot needed");
    const short = (await standardSlots(student, date)).find(
      (s) => s.endTime <= long.startTime || s.startTime >= long.endTime,
    );
    if (!short) throw new Error("a 1-hour slot clear of the 2-hour one needed");
    const booked = await spendCredits(student, bundleId, [short, long]);
    const bookedAt = (slot: ListedSlot) => booked.find((b) => b.start.toISOString() === slot.startTime);
    const [hour, twoHours] = [bookedAt(short), bookedAt(long)];
    if (!hour || !twoHours) throw new Error("two lessons booked");
    const profile = await http.get("/api/student/profile", student.accessToken);
    expect(profile.body.bundles[0]).toMatchObject({ totalLessons: 5, usedLessons: 3 });

    t.clock.now = addHours(new Date(Math.max(+new Date(short.endTime), +new Date(long.endTime))), 1);
    expect((await markLesson(hour.id, "no-show")).status).toBe(200);
    expect((await markLesson(twoHours.id, "complete")).status).toBe(200);
    expect(await journal(`lesson:${twoHours.id}:earned`)).toMatchObject({
      lines: { UNEARNED_REVENUE: 15000, PLATFORM_REVENUE: -3750, INSTRUCTOR_PAYABLE: -11250 },
    });
    // 2 of 5 credits left at $75: $150 unearned, and the check agrees.
    const [unearned] = await t.database.db
      .select({ cents: sql<number>`sum(${ledgerEntries.amountCents})`.mapWith(Number) })
      .from(ledgerEntries)
      .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
      .where(and(eq(ledgerJournals.paymentId, paymentId), eq(ledgerEntries.account, "UNEARNED_REVENUE")));
    expect(unearned?.cents).toBe(-15000);
    await expectBalanced();
  });

  it("a card lesson marked a no-show is earned like a taught one", async () => {
    const { lesson } = await aStudentWithPaidLesson(t, { date: freshDate() });
    afterEnd(lesson.start);
    expect((await markLesson(lesson.id, "no-show")).status).toBe(200);
    expect(await journal(`lesson:${lesson.id}:earned`)).toMatchObject({
      event: "lesson.no_show",
      paymentId: lesson.paymentId,
      lines: { UNEARNED_REVENUE: 7500, PLATFORM_REVENUE: -1875, INSTRUCTOR_PAYABLE: -5625 },
    });
    await expectBalanced();
  });

  describe("card cancellations, each tier", () => {
    it("more than 48 hours ahead: the whole price and its GST are refunded, nothing is kept", async () => {
      const { student, lesson } = await aStudentWithPaidLesson(t, { date: freshDate() });
      t.clock.now = addHours(lesson.start, -49);
      expect((await cancel(lesson.id, student.accessToken)).status).toBe(200);
      const refundId = await refundIdOf(lesson.id);
      expect(await journal(`refund:${refundId}`)).toMatchObject({
        event: "refund.queued",
        paymentId: lesson.paymentId,
        bookingId: lesson.id,
        lines: { UNEARNED_REVENUE: 7500, GST_PAYABLE: 750, REFUNDS: -8250 },
      });
      expect(await journal(`lesson:${lesson.id}:kept`)).toBeUndefined();
      await expectBalanced();
    });

    it("24 to 48 hours ahead: half refunded, the other half kept and earned 25/75", async () => {
      const { student, lesson } = await aStudentWithPaidLesson(t, { date: freshDate(), pool: true });
      t.clock.now = addHours(lesson.start, -30);
      expect((await cancel(lesson.id, student.accessToken)).status).toBe(200);
      // $48.75 pool lesson: $24.38 + $2.44 GST back, $24.37 kept: $18.28 to the instructor.
      expect(await journal(`refund:${await refundIdOf(lesson.id)}`)).toMatchObject({
        lines: { UNEARNED_REVENUE: 2438, GST_PAYABLE: 244, REFUNDS: -2682 },
      });
      expect(await journal(`lesson:${lesson.id}:kept`)).toMatchObject({
        event: "lesson.kept",
        paymentId: lesson.paymentId,
        occurredAt: lesson.start,
        lines: { UNEARNED_REVENUE: 2437, PLATFORM_REVENUE: -609, INSTRUCTOR_PAYABLE: -1828 },
      });
      await expectBalanced();
    });

    it("under 24 hours ahead: nothing refunded, the whole price kept", async () => {
      const { student, lesson } = await aStudentWithPaidLesson(t, { date: freshDate() });
      t.clock.now = addHours(lesson.start, -5);
      expect((await cancel(lesson.id, student.accessToken)).status).toBe(200);
      expect(await refundIdOf(lesson.id)).toBeUndefined();
      expect(await journal(`lesson:${lesson.id}:kept`)).toMatchObject({
        lines: { UNEARNED_REVENUE: 7500, PLATFORM_REVENUE: -1875, INSTRUCTOR_PAYABLE: -5625 },
      });
      await expectBalanced();
    });

    it("an instructor's cancellation refunds in full", async () => {
      const { lesson } = await aStudentWithPaidLesson(t, { date: freshDate() });
      t.clock.now = addHours(lesson.start, -3);
      const res = await http.post(
        `/api/instructor/lessons/${lesson.id}/cancel`,
        { reason: "Car off the road" },
        demo.token,
      );
      expect(res.status).toBe(200);
      expect(await journal(`refund:${await refundIdOf(lesson.id)}`)).toMatchObject({
        lines: { REFUNDS: -8250 },
      });
      await expectBalanced();
    });
  });

  it("credit cancellations, each tier: a returned credit posts nothing, a forfeited one is kept", async () => {
    const student = await registerStudent(http);
    const { bundleId, paymentId } = await buyBundle(student);
    const dates = [freshDate(), freshDate(), freshDate()];
    const lessons = [];
    for (const date of dates) {
      const [slot] = await standardSlots(student, date);
      if (!slot) throw new Error("slot needed");
      lessons.push(...(await spendCredits(student, bundleId, [slot])));
    }
    const [full, half, none] = lessons;
    if (!full || !half || !none) throw new Error("three lessons booked");
    const before = await journalCount();
    t.clock.now = addHours(full.start, -72);
    expect((await cancel(full.id, student.accessToken)).status).toBe(200);
    expect(await journalCount()).toBe(before);
    await expectBalanced();

    for (const [lesson, hours] of [
      [half, 30],
      [none, 5],
    ] as const) {
      t.clock.now = addHours(lesson.start, -hours);
      expect((await cancel(lesson.id, student.accessToken)).status).toBe(200);
      expect(await journal(`lesson:${lesson.id}:kept`)).toMatchObject({
        paymentId,
        lines: { UNEARNED_REVENUE: 7000, PLATFORM_REVENUE: -1750, INSTRUCTOR_PAYABLE: -5250 },
      });
      await expectBalanced();
    }
  });

  it("a reschedule moves no money and posts nothing", async () => {
    const { student, lesson, date } = await aStudentWithPaidLesson(t, { date: freshDate() });
    const target = (await standardSlots(student, date)).find((s) => s.startTime !== lesson.slot.startTime);
    if (!target) throw new Error("another slot needed");
    const before = await journalCount();
    const res = await http.post(
      `/api/student/bookings/${lesson.id}/reschedule`,
      { startTime: target.startTime, endTime: target.endTime },
      student.accessToken,
    );
    expect(res.status).toBe(200);
    expect(await journalCount()).toBe(before);
    await expectBalanced();
    // Taught at its new time: earned then, once.
    afterEnd(new Date(target.startTime));
    expect((await markLesson(lesson.id, "complete")).status).toBe(200);
    expect((await journal(`lesson:${lesson.id}:earned`))?.occurredAt).toEqual(new Date(target.startTime));
    await expectBalanced();
  });

  it("a duplicate post is a no-op; lines that do not balance or are not cents are refused", async () => {
    const { lesson } = await aStudentWithPaidLesson(t, { date: freshDate() });
    const key = `payment:${lesson.paymentId}:captured`;
    const before = await journalCount();
    const again = await t.database.db.transaction((tx) =>
      postJournal(tx, {
        key,
        event: "payment.captured",
        paymentId: lesson.paymentId,
        occurredAt: new Date(),
        lines: [
          { account: "STUDENT_CASH", amountCents: 1 },
          { account: "UNEARNED_REVENUE", amountCents: -1 },
        ],
      }),
    );
    expect(again).toBe(false);
    expect(await journalCount()).toBe(before);
    expect((await journal(key))?.lines).toEqual({
      STUDENT_CASH: 8250,
      GST_PAYABLE: -750,
      UNEARNED_REVENUE: -7500,
    });

    const post = (lines: Array<{ account: "STUDENT_CASH" | "REFUNDS"; amountCents: number }>) =>
      t.database.db.transaction((tx) =>
        postJournal(tx, { key: `test:${Math.random()}`, event: "payout", occurredAt: new Date(), lines }),
      );
    await expect(post([{ account: "STUDENT_CASH", amountCents: 100 }])).rejects.toThrow(/do not balance/);
    await expect(
      post([
        { account: "STUDENT_CASH", amountCents: 0.5 },
        { account: "REFUNDS", amountCents: -0.5 },
      ]),
    ).rejects.toThrow(/integer cents/);
    expect(await journalCount()).toBe(before);
    await expectBalanced();
  });

  it("entries and journals can never be updated or deleted", async () => {
    const db = t.database.db;
    const [entry] = await db.select().from(ledgerEntries).limit(1);
    const [row] = await db.select().from(ledgerJournals).limit(1);
    if (!entry || !row) throw new Error("the ledger has entries by now");
    await expect(
      db.update(ledgerEntries).set({ amountCents: 0 }).where(eq(ledgerEntries.id, entry.id)),
    ).rejects.toThrow();
    await expect(db.delete(ledgerEntries).where(eq(ledgerEntries.id, entry.id))).rejects.toThrow();
    await expect(
      db.update(ledgerJournals).set({ event: "x" }).where(eq(ledgerJournals.id, row.id)),
    ).rejects.toThrow();
    await expect(db.delete(ledgerJournals).where(eq(ledgerJournals.id, row.id))).rejects.toThrow();
    const [still] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.id, entry.id));
    expect(still?.amountCents).toBe(entry.amountCents);
  });

  describe("the monthly reconciliation", () => {
    /** The same month figured from the payments, card refunds and lessons tables. */
    async function fromTables(from: Date, to: Date) {
      const db = t.database.db;
      const paid = await db
        .select()
        .from(payments)
        .where(and(gte(payments.paidAt, from), lt(payments.paidAt, to)));
      const refunds = await db
        .select()
        .from(cardRefunds)
        .where(and(gte(cardRefunds.createdAt, from), lt(cardRefunds.createdAt, to)));
      const earning = await db
        .select()
        .from(bookings)
        .where(
          and(
            lt(bookings.startTime, to),
            // Lessons nobody paid for (the seeded review history) earn nothing.
            sql`(${bookings.paymentId} is not null or ${bookings.bundleId} is not null)`,
            sql`(${bookings.status} in ('COMPLETED', 'NO_SHOW') or (${bookings.status} = 'CANCELLED' and ${bookings.keptCents} > 0))`,
          ),
        );
      const lessonValue = (b: (typeof earning)[number]) =>
        b.status === "CANCELLED" ? (b.keptCents ?? 0) : b.priceCents;
      const inMonth = earning.filter((b) => b.startTime.getTime() >= from.getTime());
      const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);
      const paidOut = await db.select().from(payouts);
      expect(paidOut).toEqual([]); // no payouts in these flows: owed is everything earned so far
      return {
        collectedCents: sum(paid, (p) => p.amountCents),
        refundsCents: sum(refunds, (r) => r.amountCents),
        gstCents: sum(paid, (p) => p.gstCents) - sum(refunds, (r) => gstIncludedCents(r.amountCents)),
        gstCreditsCents: 0,
        platformRevenueCents: sum(inMonth, (b) => platformFeeCents(lessonValue(b))),
        instructorEarningsCents: sum(inMonth, (b) => instructorEarningsCents(lessonValue(b))),
        paidOutCents: 0,
        owedCents: sum(earning, (b) => instructorEarningsCents(lessonValue(b))),
        payoutsDueCents: 0,
      };
    }

    it("agrees with the payments, refunds and lessons tables to the cent, every month", async () => {
      const occurred = await t.database.db.select({ at: ledgerJournals.occurredAt }).from(ledgerJournals);
      const months = [...new Set(occurred.map((j) => sydneyDateOf(j.at).slice(0, 7)))];
      expect(months.length).toBeGreaterThan(0);
      let collected = 0;
      for (const month of months) {
        const res = await http.get(`/api/admin/reconciliation?month=${month}`, admin);
        expect(res.status).toBe(200);
        const expected = await fromTables(new Date(res.body.from), new Date(res.body.to));
        expect(res.body).toMatchObject({ month, ...expected });
        collected += res.body.collectedCents;
      }
      const [all] = await t.database.db
        .select({ cents: sql<number>`sum(${payments.amountCents})`.mapWith(Number) })
        .from(payments)
        .where(sql`${payments.paidAt} is not null`);
      expect(collected).toBe(all?.cents);
    });

    it("defaults to the current Sydney month and refuses a malformed one", async () => {
      const res = await http.get("/api/admin/reconciliation", admin);
      expect(res.status).toBe(200);
      expect(res.body.month).toBe(sydneyDateOf(t.clock.now).slice(0, 7));
      for (const bad of ["2026-13", "2026-1", "march", "2026-00"]) {
        expect((await http.get(`/api/admin/reconciliation?month=${bad}`, admin)).status).toBe(400);
      }
      expect((await http.get("/api/admin/reconciliation")).status).toBe(401);
      expect((await http.get("/api/admin/ledger/balance", demo.token)).status).toBe(403);
    });
  });

  // Last: it leaves the ledger unbalanced on purpose.
  it("notices money that was never posted", async () => {
    const { student, lesson } = await aStudentWithPaidLesson(t, { date: freshDate() });
    expect(await readBooking(t.database.db, lesson.id)).toMatchObject({ status: "SCHEDULED" });
    // A paid payment written around the use cases (the payments writer alone): no journal.
    const now = new Date();
    const { id: stray } = await insertPayment(t.database.db, {
      userId: student.user.id,
      type: "BOOKINGS",
      status: "PAID",
      provider: "demo",
      subtotalCents: 5000,
      gstCents: 500,
      amountCents: 5500,
      invoiceNumber: newInvoiceNumber(now),
      paidAt: now,
    });
    const res = await http.get("/api/admin/ledger/balance", admin);
    expect(res.body).toMatchObject({ balanced: false, totalCents: 0, payments: { unbalanced: 1 } });
    expect(res.body.unbalancedPayments).toEqual([
      expect.objectContaining({
        paymentId: stray,
        // In dollars, as the operator reads them, never raw cents.
        problems: expect.arrayContaining([
          "STUDENT_CASH: ledger $0.00, records $55.00",
          "undelivered lessons are worth $0.00 but $50.00 is unearned",
        ]),
      }),
    ]);
  });
});

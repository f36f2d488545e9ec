import { NO_SHOW_DISPUTE_DAYS } from "@kerb/shared";
/**
 * An admin settles a student's no-show dispute (POST /api/admin/bookings/:id/no-show-dispute): KEEP
 * changes nothing but the record; REFUND gives the lesson's value back (card, exact to the cent, or the
 * bundle credit) and reverses the instructor's earning, so earnings and payouts not made yet exclude it.
 * The ledger balances after each.
 */
import {
  addDaysToDate,
  instructorEarningsCents,
  noShowDisputeClosesAt,
  sydneyDateOf,
  sydneyMidnight,
  sydneyWeekday,
} from "@kerb/shared/rules";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import {
  auditLog,
  bookings,
  bundles,
  cardRefunds,
  ledgerEntries,
  ledgerJournals,
  payments,
} from "../../db/schema/index.ts";
import {
  buyBundle,
  freshWeekdays,
  listSlots,
  payForSlots,
  registerStudent,
} from "../../test/booking-fixtures.ts";
import { addHours } from "../../test/fixtures/instructor-fixtures.ts";
import type { Http } from "../../test/fixtures/student-lesson-fixtures.ts";
import { aStudentWithPaidLesson } from "../../test/scenarios.ts";
import { startDemoApp } from "../../test/seeded-app.ts";
import { describeEachDatabase, type TestApp } from "../../test/test-app.ts";

describeEachDatabase("no-show disputes", (kind) => {
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

  const db = () => t.database.db;
  const resolve = (id: string, body: unknown, token = admin) =>
    http.post(`/api/admin/bookings/${id}/no-show-dispute`, body, token);
  const markNoShow = (id: string) =>
    http.post(`/api/instructor/lessons/${id}/no-show`, undefined, demo.token);
  const lessonRow = async (id: string) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0];
  const unpaid = async () => (await http.get("/api/instructor/payouts", demo.token)).body.unpaid;

  async function expectBalanced() {
    const res = await http.get("/api/admin/ledger/balance", admin);
    expect(res.status).toBe(200);
    expect(res.body.unbalancedPayments).toEqual([]);
    expect(res.body).toMatchObject({ balanced: true, totalCents: 0, payments: { unbalanced: 0 } });
  }

  async function journalLines(key: string) {
    const [row] = await db().select().from(ledgerJournals).where(eq(ledgerJournals.key, key));
    if (!row) return undefined;
    const lines = await db().select().from(ledgerEntries).where(eq(ledgerEntries.journalId, row.id));
    return { event: row.event, lines: Object.fromEntries(lines.map((l) => [l.account, l.amountCents])) };
  }

  it("REFUND of a card no-show: price plus GST back to the card to the cent, the earning reversed, the ledger balanced", async () => {
    const student = await registerStudent(http);
    const date = freshDate();
    const slots = await listSlots(http, student.accessToken, { date, instructorId: demo.id });
    // A pool lesson where there is one (odd cents: GST rounds), and the day's last lesson, still to come
    // when the first is marked.
    const a = slots.find((s) => s.isPoolHours) ?? slots[0];
    const b = slots.at(-1);
    if (a && b)
      expect(new Date(b.startTime).getTime()).toBeGreaterThan(new Date(a.endTime).getTime() + 3600_000);
    if (!a || !b) throw new Error("two slots needed");
    const paid = await payForSlots(http, student.accessToken, [a, b]);
    const [first, second] = [...paid.lessons].sort((x, y) => x.startTime.localeCompare(y.startTime));
    if (!first || !second) throw new Error("two lessons paid");
    const [payment] = await db().select().from(payments).where(eq(payments.id, paid.paymentId));
    if (!payment) throw new Error("payment missing");

    t.clock.now = addHours(new Date(first.endTime), 0.5);
    expect((await markNoShow(first.id)).status).toBe(200);
    await expectBalanced();
    const before = await unpaid();

    const res = await resolve(first.id, { resolution: "REFUND", note: "Dashcam shows the student waiting" });
    expect(res.status).toBe(200);
    const priceCents = (await lessonRow(first.id))?.priceCents ?? 0;
    // The first lesson's share of the subtotal, GST stepped on the payment's running total.
    const gstAfterShare = Math.round(priceCents * 0.1);
    expect(res.body).toMatchObject({
      refund: (priceCents + gstAfterShare) / 100,
      bundleCreditReturned: false,
      booking: {
        id: first.id,
        status: "NO_SHOW",
        refund: (priceCents + gstAfterShare) / 100,
        noShowDispute: { resolution: "REFUND" },
      },
    });
    const [refund] = await db().select().from(cardRefunds).where(eq(cardRefunds.bookingId, first.id));
    expect(refund).toMatchObject({
      reason: "NO_SHOW_DISPUTE",
      amountCents: priceCents + gstAfterShare,
      gstCents: gstAfterShare,
    });
    expect(await lessonRow(first.id)).toMatchObject({
      keptCents: 0,
      refundCents: priceCents + gstAfterShare,
    });
    const share = instructorEarningsCents(priceCents);
    expect(await journalLines(`lesson:${first.id}:no_show_refunded`)).toEqual({
      event: "lesson.no_show_refunded",
      lines: {
        UNEARNED_REVENUE: -priceCents,
        PLATFORM_REVENUE: priceCents - share,
        INSTRUCTOR_PAYABLE: share,
      },
    });
    await expectBalanced();

    // The instructor is no longer paid for it: one lesson and their share less not paid out yet.
    const after = await unpaid();
    expect(after.lessons).toBe(before.lessons - 1);
    expect(Math.round(after.net * 100)).toBe(Math.round(before.net * 100) - share);
    // The lesson list says they keep nothing of it now.
    const past = await http.get("/api/instructor/lessons?scope=past&pageSize=50", demo.token);
    expect(past.body.items.find((l: { id: string }) => l.id === first.id)).toMatchObject({
      instructorShare: 0,
    });

    // Audited with the admin's note.
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "booking.no_show_dispute"), eq(auditLog.targetId, first.id)));
    expect(entry?.details).toMatchObject({
      resolution: "REFUND",
      note: "Dashcam shows the student waiting",
      refundCents: priceCents + gstAfterShare,
    });

    // Settled once: a second decision is refused and moves nothing.
    const again = await resolve(first.id, { resolution: "REFUND", note: "again" });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("This no-show was already settled: the student was refunded");

    // The other lesson cancelled by an admin: every cent and every cent of GST is back, none more.
    const cancelled = await http.post(`/api/admin/bookings/${second.id}/cancel`, {}, admin);
    expect(cancelled.status).toBe(200);
    const refunds = await db().select().from(cardRefunds).where(eq(cardRefunds.paymentId, paid.paymentId));
    expect(refunds.reduce((s, r) => s + r.amountCents, 0)).toBe(payment.amountCents);
    expect(refunds.reduce((s, r) => s + r.gstCents, 0)).toBe(payment.gstCents);
    await expectBalanced();
  });

  it("REFUND of a credit no-show returns the credit to its bundle and reverses the earning", async () => {
    const student = await registerStudent(http);
    const { bundleId } = await buyBundle(http, student.accessToken, {
      instructorId: demo.id,
      suburb: "Sydney CBD",
    });
    const [slot] = (
      await listSlots(http, student.accessToken, { date: freshDate(), instructorId: demo.id })
    ).filter((s) => !s.isPoolHours);
    if (!slot) throw new Error("a slot needed");
    const spent = await http.post(
      `/api/student/bundles/${bundleId}/bookings`,
      { bookings: [{ startTime: slot.startTime, endTime: slot.endTime, pickupLocation: "1 Martin Place" }] },
      student.accessToken,
    );
    expect(spent.status).toBe(201);
    const lessonId = spent.body.bookings[0].id as string;
    const used = async () =>
      (await db().select().from(bundles).where(eq(bundles.id, bundleId)))[0]?.usedLessons;
    expect(await used()).toBe(1);

    t.clock.now = addHours(new Date(slot.endTime), 1);
    expect((await markNoShow(lessonId)).status).toBe(200);
    const res = await resolve(lessonId, { resolution: "REFUND", note: "Instructor marked the wrong lesson" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ refund: 0, bundleCreditReturned: true });
    expect(await used()).toBe(0);
    expect(await db().select().from(cardRefunds).where(eq(cardRefunds.bookingId, lessonId))).toEqual([]);
    expect((await journalLines(`lesson:${lessonId}:no_show_refunded`))?.lines).toMatchObject({
      UNEARNED_REVENUE: -7000,
      INSTRUCTOR_PAYABLE: 5250,
    });
    await expectBalanced();
  });

  it("KEEP changes no money, is audited with its note, and settles the dispute for good", async () => {
    const { lesson } = await aStudentWithPaidLesson(t, { date: freshDate() });
    t.clock.now = addHours(lesson.start, 2);
    expect((await markNoShow(lesson.id)).status).toBe(200);
    const before = await unpaid();

    const res = await resolve(lesson.id, { resolution: "KEEP", note: "Student confirmed they forgot" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      refund: 0,
      bundleCreditReturned: false,
      booking: { status: "NO_SHOW", refund: null, noShowDispute: { resolution: "KEEP" } },
    });
    expect(await unpaid()).toEqual(before);
    expect(await db().select().from(cardRefunds).where(eq(cardRefunds.bookingId, lesson.id))).toEqual([]);
    expect(await journalLines(`lesson:${lesson.id}:no_show_refunded`)).toBeUndefined();
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "booking.no_show_dispute"), eq(auditLog.targetId, lesson.id)));
    expect(entry?.details).toMatchObject({ resolution: "KEEP", note: "Student confirmed they forgot" });

    const refund = await resolve(lesson.id, { resolution: "REFUND", note: "changed my mind" });
    expect(refund.status).toBe(409);
    expect(refund.body.error.message).toBe("This no-show was already settled: Kerb kept the lesson's value");
    await expectBalanced();
  });

  it("refuses outside the window, on a lesson that is not a no-show, without a note, and for anyone but an admin", async () => {
    const { student, lesson } = await aStudentWithPaidLesson(t, { date: freshDate() });
    const end = addHours(lesson.start, 1);

    const scheduled = await resolve(lesson.id, { resolution: "KEEP", note: "n" });
    expect(scheduled.status).toBe(409);
    expect(scheduled.body.error.message).toBe(
      "Only no show lessons can be settled after a dispute; this lesson is scheduled",
    );

    t.clock.now = addHours(end, 0.25);
    expect((await markNoShow(lesson.id)).status).toBe(200);
    expect((await resolve(lesson.id, { resolution: "REFUND" })).status).toBe(400);
    expect((await resolve(lesson.id, { resolution: "MAYBE", note: "x" })).status).toBe(400);
    expect((await resolve(lesson.id, { resolution: "REFUND", note: "x" }, demo.token)).status).toBe(403);
    expect((await resolve(lesson.id, { resolution: "REFUND", note: "x" }, student.accessToken)).status).toBe(
      403,
    );

    // One millisecond after the window closes.
    t.clock.now = new Date(noShowDisputeClosesAt(end).getTime() + 1);
    const late = await resolve(lesson.id, { resolution: "REFUND", note: "Too late" });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(
      new RegExp(`^The ${NO_SHOW_DISPUTE_DAYS}-day dispute window for this no-show closed at`),
    );
    expect((await lessonRow(lesson.id))?.keptCents).toBeNull();
  });

  // Last: the payout run pays every instructor's lessons up to that week.
  it("refuses to refund a no-show the instructor was already paid out for, and says why", async () => {
    const { lesson } = await aStudentWithPaidLesson(t, { date: freshDate() });
    t.clock.now = addHours(lesson.start, 1.5);
    expect((await markNoShow(lesson.id)).status).toBe(200);

    // Just after the Sydney week of the lesson ends, still inside the dispute window: the week is paid.
    const date = sydneyDateOf(lesson.start);
    const nextMonday = addDaysToDate(date, (8 - sydneyWeekday(date)) % 7 || 7);
    t.clock.now = new Date(sydneyMidnight(nextMonday).getTime() + 30 * 60_000);
    expect((await http.post("/api/admin/payouts/run", undefined, admin)).status).toBe(200);

    const res = await resolve(lesson.id, { resolution: "REFUND", note: "Student was there" });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(
      /^The instructor has already been paid for this lesson \(payout PO-\d{8}-[0-9A-F]{8}, paid .+\), so Kerb cannot refund it here\./,
    );
    expect(await lessonRow(lesson.id)).toMatchObject({ keptCents: null, refundCents: null });
    expect(await db().select().from(cardRefunds).where(eq(cardRefunds.bookingId, lesson.id))).toEqual([]);
    // Keeping it is still possible.
    expect((await resolve(lesson.id, { resolution: "KEEP", note: "Paid out already" })).status).toBe(200);
    await expectBalanced();
  });
});

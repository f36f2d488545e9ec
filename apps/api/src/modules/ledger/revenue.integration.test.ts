/**
 * One money truth: the revenue page is read from the ledger, so each of its months is the
 * reconciliation's month to the cent, whatever happened (bundle, batch, credits, every cancellation
 * tier, a no-show, a payout, refunds).
 */
import {
  centsToDollars,
  dollarsToCents,
  instructorEarningsCents,
  invoiceTotals,
  platformFeeCents,
  refundOfShare,
  sydneyDateOf,
  sydneyWallTimeToInstant,
  unrefundedPayment,
} from "@kerb/shared/rules";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  buyBundle,
  type ListedSlot,
  listSlots,
  payForSlots,
  registerStudent,
  weekdayAhead,
} from "../../test/booking-fixtures.ts";
import { addHours } from "../../test/fixtures/instructor-fixtures.ts";
import type { Http, Student } from "../../test/fixtures/student-lesson-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

describeEachDatabase("revenue against the reconciliation", (kind) => {
  let t: TestApp;
  let http: Http;
  let demo: { id: string; token: string };
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    const login = await http.login("instructor@demo.test");
    demo = { id: login.user.id, token: login.accessToken };
    admin = (await http.login("admin@demo.test")).accessToken;
    // $64.38 an hour: odd cents everywhere (pool $41.85, half refunds of odd prices, 75% shares).
    expect((await http.patch("/api/instructor/settings", { standardRate: 64.38 }, demo.token)).status).toBe(
      200,
    );
  });
  afterAll(() => t.close());

  const slotsOn = (student: Student, daysAhead: number) =>
    listSlots(http, student.accessToken, {
      date: weekdayAhead(t.clock.now, daysAhead),
      instructorId: demo.id,
    });

  const payBatch = async (student: Student, slots: ListedSlot[]) =>
    (await payForSlots(http, student.accessToken, slots)).lessons;

  async function buyBundleAndSpend(student: Student, slots: ListedSlot[]) {
    const { bundleId } = await buyBundle(http, student.accessToken, {
      instructorId: demo.id,
      suburb: "Sydney CBD",
    });
    const spent = await http.post(
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
    expect(spent.status).toBe(201);
    return spent.body.bookings as Array<{ id: string; startTime: string }>;
  }

  /** The student cancels `hoursAhead` before the lesson starts (72 full, 36 half, 12 nothing back). */
  async function cancelAt(student: Student, lesson: { id: string; startTime: string }, hoursAhead: number) {
    const saved = t.clock.now;
    t.clock.now = addHours(new Date(lesson.startTime), -hoursAhead);
    const res = await http.post(`/api/student/bookings/${lesson.id}/cancel`, undefined, student.accessToken);
    expect(res.status).toBe(200);
    t.clock.now = saved;
  }

  async function mark(lesson: { id: string; startTime: string }, outcome: "complete" | "no-show") {
    const saved = t.clock.now;
    t.clock.now = addHours(new Date(lesson.startTime), 2);
    const res = await http.post(`/api/instructor/lessons/${lesson.id}/${outcome}`, undefined, demo.token);
    expect(res.status).toBe(200);
    t.clock.now = saved;
  }

  it("answers 401 without a token and 403 to an instructor", async () => {
    expect((await http.get("/api/admin/revenue")).status).toBe(401);
    expect((await http.get("/api/admin/revenue", demo.token)).status).toBe(403);
  });

  it("every month of revenue is that month of the reconciliation, after a mixed history", async () => {
    const start = t.clock.now;
    const a = await registerStudent(http);
    const b = await registerStudent(http);
    const c = await registerStudent(http);

    const aSlots = await slotsOn(a, 3);
    const credit = await buyBundleAndSpend(a, aSlots.filter((s) => !s.isPoolHours).slice(0, 3));
    const [c1, c2, c3] = credit as [
      (typeof credit)[number],
      (typeof credit)[number],
      (typeof credit)[number],
    ];
    await mark(c1, "complete");
    await mark(c2, "no-show");
    await cancelAt(a, c3, 12); // the credit is forfeited and its value kept

    const bSlots = await slotsOn(b, 9);
    const batch = await payBatch(b, [
      ...bSlots.filter((s) => s.isPoolHours).slice(0, 2),
      ...bSlots.filter((s) => !s.isPoolHours).slice(0, 2),
    ]);
    const [b1, b2, b3, b4] = batch as [
      (typeof batch)[number],
      (typeof batch)[number],
      (typeof batch)[number],
      (typeof batch)[number],
    ];
    await cancelAt(b, b1, 72);
    await cancelAt(b, b2, 36);
    await cancelAt(b, b3, 12);
    await mark(b4, "complete");

    const cSlots = await slotsOn(c, 16);
    const [d1, d2] = (await payBatch(c, cSlots.slice(0, 2))) as Array<{ id: string; startTime: string }>;
    if (!d1 || !d2) throw new Error("no lessons");
    t.clock.now = addHours(new Date(d1.startTime), -5);
    expect(
      (await http.post(`/api/instructor/lessons/${d1.id}/cancel`, { reason: "Car off the road" }, demo.token))
        .status,
    ).toBe(200);
    await mark(d2, "complete");

    // Weeks later the payout run pays the demo instructor what he earned.
    t.clock.now = addHours(start, 24 * 30);
    expect((await http.post("/api/admin/payouts/run", undefined, admin)).status).toBe(200);

    const balance = await http.get("/api/admin/ledger/balance", admin);
    expect(balance.body.unbalancedPayments).toEqual([]);
    expect(balance.body.balanced).toBe(true);

    const revenue = await http.get("/api/admin/revenue", admin);
    expect(revenue.status).toBe(200);
    expect(revenue.body.months.length).toBeGreaterThan(0);
    const totals = { platform: 0, instructors: 0, paidOut: 0, gst: 0, refunds: 0 };
    for (const month of revenue.body.months) {
      const rec = await http.get(`/api/admin/reconciliation?month=${month.month}`, admin);
      expect(rec.status).toBe(200);
      expect({
        month: month.month,
        platformRevenueCents: dollarsToCents(month.platformFees),
        instructorEarningsCents: dollarsToCents(month.instructorEarnings),
        paidOutCents: dollarsToCents(month.paidOut),
        gstCents: dollarsToCents(month.gstCollected),
        refundsCents: dollarsToCents(month.refunds),
      }).toEqual({
        month: rec.body.month,
        platformRevenueCents: rec.body.platformRevenueCents,
        instructorEarningsCents: rec.body.instructorEarningsCents,
        paidOutCents: rec.body.paidOutCents,
        gstCents: rec.body.gstCents,
        refundsCents: rec.body.refundsCents,
      });
      expect(dollarsToCents(month.gross)).toBe(
        rec.body.platformRevenueCents + rec.body.instructorEarningsCents,
      );
      totals.platform += rec.body.platformRevenueCents;
      totals.instructors += rec.body.instructorEarningsCents;
      totals.paidOut += rec.body.paidOutCents;
      totals.gst += rec.body.gstCents;
      totals.refunds += rec.body.refundsCents;
    }
    expect({
      platform: dollarsToCents(revenue.body.totals.platformFees),
      instructors: dollarsToCents(revenue.body.totals.instructorEarnings),
      paidOut: dollarsToCents(revenue.body.totals.paidOut),
      gst: dollarsToCents(revenue.body.totals.gstCollected),
      refunds: dollarsToCents(revenue.body.totals.refunds),
    }).toEqual(totals);
    // The scenario's money is in there: refunds of the full and half tiers and the instructor's cancel.
    expect(totals.refunds).toBeGreaterThan(0);
  });

  it("reads one month's figures from what moved in it: earned value, GST net of refunds, refunds", async () => {
    // Early in a month half a year ahead, after anything else in this database: that month holds only this.
    const saved = t.clock.now;
    const month = sydneyDateOf(addHours(saved, 24 * 180)).slice(0, 7);
    const opens = sydneyWallTimeToInstant(
      weekdayAhead(sydneyWallTimeToInstant(`${month}-01`, 0) as Date, 0),
      9 * 60,
    );
    if (!opens) throw new Error("no such time");
    t.clock.now = opens;
    const student = await registerStudent(http);
    const slots = (await slotsOn(student, 5)).filter((s) => !s.isPoolHours).slice(0, 2);
    const [taught, cancelled] = await payBatch(student, slots);
    if (!taught || !cancelled) throw new Error("no lessons");
    await cancelAt(student, cancelled, 72);
    await mark(taught, "complete");
    t.clock.now = saved;

    const price = dollarsToCents(slots[0]?.price ?? 0);
    const totals = invoiceTotals([price, price]);
    const refund = refundOfShare(unrefundedPayment(totals), price);
    const revenue = await http.get("/api/admin/revenue", admin);
    expect(revenue.body.months.find((m: { month: string }) => m.month === month)).toEqual({
      month,
      lessonsCompleted: 1,
      gross: centsToDollars(price),
      platformFees: centsToDollars(platformFeeCents(price)),
      instructorEarnings: centsToDollars(instructorEarningsCents(price)),
      paidOut: 0,
      gstOnPayments: centsToDollars(totals.gstCents),
      gstRefunded: centsToDollars(refund.gstCents),
      gstCollected: centsToDollars(totals.gstCents - refund.gstCents),
      refunds: centsToDollars(refund.amountCents),
    });
  });
  it("pays out in the month of the transfer: Paid out is the reconciliation's, not the month's earnings", async () => {
    // A lesson taught mid-month, months after anything else in this database, paid by the run of the next.
    const saved = t.clock.now;
    try {
      const month = sydneyDateOf(addHours(saved, 24 * 240)).slice(0, 7);
      const midMonth = sydneyWallTimeToInstant(`${month}-15`, 0) as Date;
      t.clock.now = sydneyWallTimeToInstant(weekdayAhead(midMonth, 0), 9 * 60) as Date;
      const student = await registerStudent(http);
      const [slot] = (await slotsOn(student, 2)).filter((s) => !s.isPoolHours);
      if (!slot) throw new Error("no slot");
      const [taught] = await payBatch(student, [slot]);
      if (!taught) throw new Error("no lesson");
      await mark(taught, "complete");
      const earned = instructorEarningsCents(dollarsToCents(slot.price));

      const next = sydneyDateOf(addHours(midMonth, 24 * 30)).slice(0, 7);
      t.clock.now = sydneyWallTimeToInstant(`${next}-10`, 9 * 60) as Date;
      const run = await http.post("/api/admin/payouts/run", undefined, admin);
      expect(run.status).toBe(200);
      const payout = run.body.payouts.find((p: { instructorId: string }) => p.instructorId === demo.id);
      expect(payout).toMatchObject({ status: "PAID" });
      expect(dollarsToCents(payout.amount)).toBeGreaterThanOrEqual(earned);

      const revenue = await http.get("/api/admin/revenue", admin);
      const row = (m: string) => revenue.body.months.find((r: { month: string }) => r.month === m);
      const rec = async (m: string) => (await http.get(`/api/admin/reconciliation?month=${m}`, admin)).body;
      // The month it was taught: earned, nothing transferred yet.
      expect(row(month)).toMatchObject({ instructorEarnings: centsToDollars(earned), paidOut: 0 });
      expect((await rec(month)).paidOutCents).toBe(0);
      // The month of the run: the transfer, and no earnings of its own.
      const paidMonth = row(next);
      expect(paidMonth).toMatchObject({ instructorEarnings: 0, paidOut: payout.amount });
      expect(dollarsToCents(paidMonth.paidOut)).toBe((await rec(next)).paidOutCents);
    } finally {
      t.clock.now = saved;
    }
  });
});

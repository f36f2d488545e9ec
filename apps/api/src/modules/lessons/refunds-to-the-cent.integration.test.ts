/**
 * Money back, to the cent: cancelling the lessons of a payment never gives back more than it charged,
 * whatever the prices, tiers and order, and the invoice, the payments page and the ledger agree.
 */
import { dollarsToCents, invoiceTotals } from "@kerb/shared/rules";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import type { Executor } from "../../db/client.ts";
import { cardRefunds, payments } from "../../db/schema/index.ts";
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
import { pdfText } from "../../test/pdf-text.ts";
import { startDemoApp } from "../../test/seeded-app.ts";
import { describeEachDatabase, type TestApp } from "../../test/test-app.ts";

describeEachDatabase("refunds to the cent", (kind) => {
  let t: TestApp;
  let http: Http;
  let base: Date;
  let demo: { id: string; token: string };
  let admin: string;

  beforeAll(async () => {
    ({ t, http, base, demo, admin } = await startDemoApp(kind));
    // $55.00 an hour: a pool lesson is $35.75, so every lesson's GST ends in a half cent.
    const settings = await http.patch("/api/instructor/settings", { standardRate: 55 }, demo.token);
    expect(settings.status).toBe(200);
  });
  afterEach(() => {
    t.clock.now = base;
  });
  afterAll(() => t.close());

  const payBatch = (student: Student, slots: ListedSlot[]) => payForSlots(http, student.accessToken, slots);

  async function studentCancels(
    student: Student,
    lesson: { id: string; startTime: string },
    hoursAhead: number,
  ) {
    t.clock.now = addHours(new Date(lesson.startTime), -hoursAhead);
    const preview = await http.get(`/api/student/bookings/${lesson.id}/cancellation`, student.accessToken);
    expect(preview.status).toBe(200);
    const cancel = await http.post(
      `/api/student/bookings/${lesson.id}/cancel`,
      undefined,
      student.accessToken,
    );
    expect(cancel.status).toBe(200);
    // What the dialog promised is what went back, including the last refund's remainder.
    expect(cancel.body.refund).toEqual(preview.body.refund);
    return cancel.body.refund as { amount: number; gst: number };
  }

  const paymentRowIn = async (db: Executor, id: string) => {
    const [row] = await db.select().from(payments).where(eq(payments.id, id));
    if (!row) throw new Error("no payment");
    return row;
  };
  const paymentRow = (id: string) => paymentRowIn(t.database.db, id);
  const refundsOf = (paymentId: string) =>
    t.database.db.select().from(cardRefunds).where(eq(cardRefunds.paymentId, paymentId));

  async function expectLedgerBalanced() {
    const balance = await http.get("/api/admin/ledger/balance", admin);
    expect(balance.status).toBe(200);
    expect(balance.body.unbalancedPayments).toEqual([]);
    expect(balance.body.balanced).toBe(true);
  }

  it("three pool lessons at $35.75: paid $117.98, all cancelled, $117.98 back with GST $10.73", async () => {
    const student = await registerStudent(http);
    const date = weekdayAhead(base, 6);
    const pool = (await listSlots(http, student.accessToken, { date, instructorId: demo.id })).filter(
      (s) => s.isPoolHours,
    );
    expect(pool[0]?.price).toBe(35.75);
    const batch = await payBatch(student, pool.slice(0, 3));
    expect(batch.amount).toBe(117.98);

    const refunds = [];
    for (const lesson of batch.lessons) refunds.push(await studentCancels(student, lesson, 72));
    expect(refunds.map((r) => r.amount)).toEqual([39.33, 39.32, 39.33]);
    expect(refunds.reduce((s, r) => s + dollarsToCents(r.gst), 0)).toBe(1073);

    const row = await paymentRow(batch.paymentId);
    expect(row).toMatchObject({ amountCents: 11798, refundedCents: 11798, refundedGstCents: 1073 });
    const stored = await refundsOf(batch.paymentId);
    expect(stored.reduce((s, r) => s + r.amountCents, 0)).toBe(11798);
    expect(stored.reduce((s, r) => s + r.gstCents, 0)).toBe(1073);

    // The payments page and the tax invoice's adjustment notes say the same.
    t.clock.now = base;
    const list = await http.get("/api/student/payments", student.accessToken);
    const listed = list.body.payments.find((p: { id: string }) => p.id === batch.paymentId);
    expect(listed).toMatchObject({ amount: 117.98, gst: 10.73, refunded: 117.98 });
    expect(listed.refunds.map((r: { amount: number }) => r.amount).sort()).toEqual([39.32, 39.33, 39.33]);
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/student/payments/${batch.paymentId}/invoice.pdf`,
      headers: { authorization: `Bearer ${student.accessToken}` },
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("Less refunds (incl. GST) -$117.98");
    expect(text).toMatch(/GST in the net amount \$0\.00/);
    expect(text).not.toContain("-$0.01");
    await expectLedgerBalanced();
  });

  it("the instructor's and the admin's previews are the refunds they make, to the last lesson's remainder", async () => {
    const student = await registerStudent(http);
    const pool = (
      await listSlots(http, student.accessToken, { date: weekdayAhead(base, 8), instructorId: demo.id })
    ).filter((s) => s.isPoolHours);
    const batch = await payBatch(student, pool.slice(0, 3));
    expect(batch.amount).toBe(117.98);
    const [first, second, last] = batch.lessons;
    if (!first || !second || !last) throw new Error("three lessons expected");

    const preview = async (url: string, token: string) => {
      const res = await http.get(url, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { refund: { amount: number; gst: number; method: string }; summary: string };
    };
    const byInstructor = (id: string) => preview(`/api/instructor/lessons/${id}/cancellation`, demo.token);
    const byAdmin = (id: string) => preview(`/api/admin/bookings/${id}/cancellation`, admin);
    const instructorCancels = async (id: string) => {
      const res = await http.post(
        `/api/instructor/lessons/${id}/cancel`,
        { reason: "Car off the road" },
        demo.token,
      );
      expect(res.status).toBe(200);
      return res.body.refund as number;
    };

    expect((await byInstructor(first.id)).refund).toEqual({ amount: 39.33, gst: 3.58, method: "CARD" });
    expect(await instructorCancels(first.id)).toBe(39.33);
    // The second share's GST steps the running total by $3.57: a per-lesson sum in the browser said $39.33.
    const middle = await byAdmin(second.id);
    expect(middle.refund).toEqual({ amount: 39.32, gst: 3.57, method: "CARD" });
    expect(middle.summary).toBe(
      "The student is refunded in full: $39.32 including $3.57 GST goes back to their card.",
    );
    const cancelled = await http.post(`/api/admin/bookings/${second.id}/cancel`, {}, admin);
    expect(cancelled.body.refund).toBe(39.32);

    // The last lesson: both dialogs show the payment's remainder, and that is what goes back.
    const [asInstructor, asAdmin] = await Promise.all([byInstructor(last.id), byAdmin(last.id)]);
    expect(asAdmin).toEqual(asInstructor);
    expect(await instructorCancels(last.id)).toBe(asInstructor.refund.amount);
    const row = await paymentRow(batch.paymentId);
    expect(row.refundedCents).toBe(11798);
    expect(row.refundedGstCents).toBe(1073);
    expect(dollarsToCents(asInstructor.refund.gst)).toBe(1073 - 358 - 357);

    // Cancelled now: the preview says so, as the cancel would; another instructor's lesson is not found.
    expect((await http.get(`/api/instructor/lessons/${last.id}/cancellation`, demo.token)).status).toBe(409);
    expect((await http.get(`/api/admin/bookings/${last.id}/cancellation`, admin)).status).toBe(409);
    const other = await http.login("hassan.saleh@instructors.kerb.test");
    expect(
      (await http.get(`/api/instructor/lessons/${first.id}/cancellation`, other.accessToken)).status,
    ).toBe(404);
    expect((await http.get(`/api/admin/bookings/${first.id}/cancellation`, demo.token)).status).toBe(403);
  });

  it("the database refuses a refund that would take back more than the payment", async () => {
    const student = await registerStudent(http);
    const [slot] = await listSlots(http, student.accessToken, {
      date: weekdayAhead(base, 7),
      instructorId: demo.id,
    });
    if (!slot) throw new Error("no slot");
    const batch = await payBatch(student, [slot]);
    const total = dollarsToCents(batch.amount);
    const refund = (amountCents: number) => ({
      paymentId: batch.paymentId,
      bookingId: null,
      amountCents,
      gstCents: 0,
      reason: "LESSON_CANCELLED" as const,
    });
    const rolledBack = new Error("rolled back");
    // Written straight to the table, as a bug in any code path would: the database itself says no.
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.insert(cardRefunds).values(refund(total - 1));
        expect((await paymentRowIn(tx, batch.paymentId)).refundedCents).toBe(total - 1);
        await tx.insert(cardRefunds).values(refund(2));
      }),
    ).rejects.toThrow();
    await expect(t.database.db.insert(cardRefunds).values(refund(total + 1))).rejects.toThrow();
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.insert(cardRefunds).values(refund(total));
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect((await paymentRow(batch.paymentId)).refundedCents).toBe(0);
  });

  it("property: cancelling any lessons of any batch, at any tier, never gives back more than was paid", async () => {
    const tiers = { full: 72, half: 36, none: 12, instructor: 3 } as const;
    const lessonPlan = fc.record({
      pool: fc.boolean(),
      tier: fc.option(fc.constantFrom(...(Object.keys(tiers) as Array<keyof typeof tiers>)), {
        nil: undefined,
      }),
    });
    let day = 8;
    await fc.assert(
      fc.asyncProperty(
        fc.array(lessonPlan, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(55, 64.38, 41.85, 75.05),
        async (plan, rate) => {
          t.clock.now = base;
          await http.patch("/api/instructor/settings", { standardRate: rate }, demo.token);
          const student = await registerStudent(http);
          const date = weekdayAhead(base, (day++ % 20) + 5);
          const free = await listSlots(http, student.accessToken, { date, instructorId: demo.id });
          const picked: ListedSlot[] = [];
          for (const p of plan) {
            const slot = free.find((s) => s.isPoolHours === p.pool && !picked.includes(s));
            if (slot) picked.push(slot);
          }
          fc.pre(picked.length > 0);
          const batch = await payBatch(student, picked);
          const paid = dollarsToCents(batch.amount);
          expect(paid).toBe(invoiceTotals(picked.map((s) => dollarsToCents(s.price))).totalCents);
          let allFull = true;
          for (const [i, lesson] of batch.lessons.entries()) {
            const tier = plan[i]?.tier;
            if (tier !== "full" && tier !== "instructor") allFull = false;
            if (!tier) continue;
            if (tier === "instructor") {
              t.clock.now = addHours(new Date(lesson.startTime), -tiers.instructor);
              const res = await http.post(
                `/api/instructor/lessons/${lesson.id}/cancel`,
                { reason: "Car off the road" },
                demo.token,
              );
              expect(res.status).toBe(200);
            } else {
              await studentCancels(student, lesson, tiers[tier]);
            }
          }
          const row = await paymentRow(batch.paymentId);
          expect(row.refundedCents).toBeLessThanOrEqual(row.amountCents);
          expect(row.refundedGstCents).toBeLessThanOrEqual(row.gstCents);
          const stored = await refundsOf(batch.paymentId);
          expect(stored.reduce((s, r) => s + r.amountCents, 0)).toBe(row.refundedCents);
          if (allFull) {
            expect(row.amountCents - row.refundedCents).toBe(0);
            expect(row.gstCents - row.refundedGstCents).toBe(0);
          }
          t.clock.now = base;
          await expectLedgerBalanced();
        },
      ),
      { numRuns: 12 },
    );
  });

  it("property: credit lessons cancelled at any tier give the credit back or keep it, and the ledger balances", async () => {
    const tiers = { full: 72, half: 36, none: 12, instructor: 3 } as const;
    const tierOf = fc.option(fc.constantFrom(...(Object.keys(tiers) as Array<keyof typeof tiers>)), {
      nil: undefined,
    });
    let day = 4;
    await fc.assert(
      fc.asyncProperty(fc.array(tierOf, { minLength: 1, maxLength: 4 }), async (plan) => {
        t.clock.now = base;
        const student = await registerStudent(http);
        const { bundleId, paymentId } = await buyBundle(http, student.accessToken, {
          instructorId: demo.id,
          suburb: "Sydney CBD",
        });
        const date = weekdayAhead(base, (day++ % 20) + 5);
        const free = (await listSlots(http, student.accessToken, { date, instructorId: demo.id })).filter(
          (s) => !s.isPoolHours,
        );
        const picked = free.slice(0, plan.length);
        fc.pre(picked.length > 0);
        const spent = await http.post(
          `/api/student/bundles/${bundleId}/bookings`,
          {
            bookings: picked.map((s) => ({
              startTime: s.startTime,
              endTime: s.endTime,
              pickupLocation: "1 Martin Place",
            })),
          },
          student.accessToken,
        );
        expect(spent.status).toBe(201);
        let returned = 0;
        for (const [i, lesson] of (
          spent.body.bookings as Array<{ id: string; startTime: string }>
        ).entries()) {
          const tier = plan[i];
          if (!tier) continue;
          if (tier === "instructor") {
            t.clock.now = addHours(new Date(lesson.startTime), -tiers.instructor);
            expect(
              (
                await http.post(
                  `/api/instructor/lessons/${lesson.id}/cancel`,
                  { reason: "Car off the road" },
                  demo.token,
                )
              ).status,
            ).toBe(200);
            returned += 1;
          } else {
            const refund = await studentCancels(student, lesson, tiers[tier]);
            // A credit is never money back to a card.
            expect(refund.amount).toBe(0);
            if (tier === "full") returned += 1;
          }
        }
        t.clock.now = base;
        const bundle = await http.get(`/api/student/bundles/${bundleId}`, student.accessToken);
        expect(bundle.body.bundle.usedLessons).toBe(picked.length - returned);
        expect(await refundsOf(paymentId)).toEqual([]);
        await expectLedgerBalanced();
      }),
      { numRuns: 8 },
    );
  });
});

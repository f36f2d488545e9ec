/**
 * A driving-test package credit bought in advance (issue 33 item 3): bought in demo mode and by card
 * (Stripe), issued only when paid and only once, on a tax invoice line of its own, spent on a pack that
 * earns and posts like a bundle lesson; a guardian buys one for their learner, or pays the pack the
 * learner is holding.
 */
import { TEST_PACK_CREDIT_PRICE_CENTS } from "@kerb/shared";
import { TEST_PACK_CANCELLATION_TERMS } from "@kerb/shared/words";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, ledgerEntries, ledgerJournals, payments, testPackCredits } from "../../db/schema/index.ts";
import { freshWeekdays } from "../../test/booking-fixtures.ts";
import { startFakeStripe } from "../../test/fake-stripe.ts";
import { api } from "../../test/http.ts";
import { pdfText } from "../../test/pdf-text.ts";
import {
  type Actor,
  aGuardianOf,
  anAdmin,
  anInstructor,
  aStudent,
  type Student,
} from "../../test/scenarios.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { sydneyAt as at } from "../../test/test-pack-fixtures.ts";

const PRICE = TEST_PACK_CREDIT_PRICE_CENTS / 100;
const OFFER = { enabled: true, price: 300, includesWarmUp: true, centreIds: ["st-marys"] };

describeEachDatabase("test-pack credits bought in advance (demo mode)", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let nextWeekday: () => string;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    nextWeekday = freshWeekdays(() => t.clock.now);
  });
  afterAll(() => t.close());

  const learner = () => aStudent(t, { suburb: "Penrith" });
  const credits = (student: Actor) => http.get("/api/student/test-pack-credits", student.token);
  const creditRowsOf = (studentId: string) =>
    t.database.db.select().from(testPackCredits).where(eq(testPackCredits.studentId, studentId));

  async function buyCredit(student: Student) {
    const bought = await http.post(
      "/api/student/test-pack-credits/purchase",
      { price: PRICE },
      student.token,
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const paymentId: string = bought.body.payment.id;
    const confirmed = await http.post(
      `/api/student/test-pack-credits/confirm/${paymentId}`,
      undefined,
      student.token,
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    return paymentId;
  }

  it("issues one credit when paid, however often confirmed, with its own invoice line", async () => {
    const student = await learner();
    const before = await credits(student);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ price: { exGst: 250, gst: 25, total: 275 }, usable: 0, credits: [] });

    const stale = await http.post("/api/student/test-pack-credits/purchase", { price: 199 }, student.token);
    expect(stale.status).toBe(400);
    expect(stale.body.error).toMatchObject({ code: "amount_mismatch", details: { expected: 250 } });

    const bought = await http.post(
      "/api/student/test-pack-credits/purchase",
      { price: PRICE },
      student.token,
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(bought.body.payment).toMatchObject({ subtotal: 250, gst: 25, amount: 275 });
    // Not paid yet: no credit.
    expect((await credits(student)).body.usable).toBe(0);

    const url = `/api/student/test-pack-credits/confirm/${bought.body.payment.id}`;
    const [first, second] = await Promise.all([
      http.post(url, undefined, student.token),
      http.post(url, undefined, student.token),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.payment).toMatchObject({ type: "TEST_PACK_CREDIT", status: "PAID", amount: 275 });
    expect((await http.post(url, undefined, student.token)).status).toBe(200);

    const after = await credits(student);
    expect(after.body.usable).toBe(1);
    expect(after.body.credits).toHaveLength(1);
    expect(after.body.credits[0]).toMatchObject({ source: "PURCHASE", usedAt: null });
    const expires = new Date(t.clock.now);
    expires.setUTCFullYear(expires.getUTCFullYear() + 1);
    expect(Math.abs(Date.parse(after.body.credits[0].expiresAt) - expires.getTime())).toBeLessThan(
      2 * 3_600_000,
    );
    const rows = await creditRowsOf(student.id);
    expect(rows).toEqual([
      expect.objectContaining({
        paymentId: bought.body.payment.id,
        valueCents: TEST_PACK_CREDIT_PRICE_CENTS,
      }),
    ]);

    // Another payment's confirm route does not take it.
    const wrongRoute = await http.post(
      `/api/student/bundles/confirm/${bought.body.payment.id}`,
      undefined,
      student.token,
    );
    expect(wrongRoute.status).toBe(404);

    const invoice = await t.app.inject({
      method: "GET",
      url: `/api/student/payments/${bought.body.payment.id}/invoice.pdf`,
      headers: { authorization: `Bearer ${student.token}` },
    });
    expect(invoice.statusCode).toBe(200);
    const text = pdfText(invoice.rawPayload);
    expect(text).toContain("Driving test package credit");
    expect(text).toContain("Total (incl. GST) $275.00");
    // The pack's own terms beside the lessons': 7 days, 48 hours, and a moved test is a move.
    expect(text).toContain(`Driving test packages • ${TEST_PACK_CANCELLATION_TERMS[0]}`);
    const listed = await http.get("/api/student/payments", student.token);
    expect(listed.body.payments[0]).toMatchObject({
      type: "TEST_PACK_CREDIT",
      description: "Driving test package credit",
    });
  });

  it("books a pack with the bought credit, which earns and posts like a bundle lesson", async () => {
    const instructor = await anInstructor(t, { suburbs: ["Penrith", "Parramatta"] });
    expect((await http.put("/api/instructor/test-package", OFFER, instructor.token)).status).toBe(200);
    const student = await learner();
    const paymentId = await buyCredit(student);

    const booked = await http.post(
      "/api/student/test-packs/with-credit",
      { instructorId: instructor.id, centreId: "st-marys", testAt: at(nextWeekday(), "13:30") },
      student.token,
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect((await credits(student)).body.usable).toBe(0);
    // Worth what the learner paid for the credit, as a bundle lesson its bundle's price.
    const [lesson] = await t.database.db.select().from(bookings).where(eq(bookings.id, booked.body.lessonId));
    expect(lesson).toMatchObject({ status: "SCHEDULED", priceCents: TEST_PACK_CREDIT_PRICE_CENTS });

    const dropOff = Date.parse(booked.body.plan.dropOffAt);
    t.clock.advanceMinutes(Math.ceil((dropOff - t.clock.now.getTime()) / 60_000) + 5);
    const outcome = await http.post(
      `/api/instructor/lessons/${booked.body.lessonId}/test-outcome`,
      { outcome: "PASSED" },
      instructor.token,
    );
    expect(outcome.status, JSON.stringify(outcome.body)).toBe(200);

    const lines = await t.database.db
      .select({
        event: ledgerJournals.event,
        paymentId: ledgerJournals.paymentId,
        account: ledgerEntries.account,
        cents: ledgerEntries.amountCents,
      })
      .from(ledgerJournals)
      .innerJoin(ledgerEntries, eq(ledgerEntries.journalId, ledgerJournals.id))
      .where(eq(ledgerJournals.paymentId, paymentId));
    expect(lines.sort((a, b) => a.cents - b.cents)).toEqual([
      { event: "payment.captured", paymentId, account: "UNEARNED_REVENUE", cents: -25_000 },
      { event: "lesson.completed", paymentId, account: "INSTRUCTOR_PAYABLE", cents: -18_750 },
      { event: "lesson.completed", paymentId, account: "PLATFORM_REVENUE", cents: -6_250 },
      { event: "payment.captured", paymentId, account: "GST_PAYABLE", cents: -2_500 },
      { event: "lesson.completed", paymentId, account: "UNEARNED_REVENUE", cents: 25_000 },
      { event: "payment.captured", paymentId, account: "STUDENT_CASH", cents: 27_500 },
    ]);
    const balance = await http.get("/api/admin/ledger/balance", (await anAdmin(t)).token);
    expect(balance.status).toBe(200);
    expect(balance.body.unbalancedPayments.map((p: { paymentId: string }) => p.paymentId)).not.toContain(
      paymentId,
    );
  });

  describe("a guardian", () => {
    it("buys a credit for their learner: the learner's credit, the guardian's payment", async () => {
      const student = await learner();
      const guardian = await aGuardianOf(t, student);
      const bought = await http.post(
        `/api/guardian/learners/${student.id}/test-pack-credits`,
        { price: PRICE },
        guardian.token,
      );
      expect(bought.status, JSON.stringify(bought.body)).toBe(201);
      expect(bought.body.payment).toMatchObject({ amount: 275 });
      const confirmed = await http.post(
        `/api/guardian/payments/${bought.body.payment.id}/confirm`,
        undefined,
        guardian.token,
      );
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect((await credits(student)).body.usable).toBe(1);
      // The guardian sees the credit ready on the learner's page, with when it lapses.
      const overview = await http.get(`/api/guardian/learners/${student.id}`, guardian.token);
      expect(overview.body.testPackCredits).toEqual({ usable: 1, soonestExpiry: expect.any(String) });
      expect(new Date(overview.body.testPackCredits.soonestExpiry).getTime()).toBeGreaterThan(Date.now());
      const [payment] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.id, bought.body.payment.id));
      expect(payment).toMatchObject({ userId: student.id, payerId: guardian.id, type: "TEST_PACK_CREDIT" });

      // Not a learner they follow: refused, nothing opened.
      const stranger = await learner();
      const refused = await http.post(
        `/api/guardian/learners/${stranger.id}/test-pack-credits`,
        { price: PRICE },
        guardian.token,
      );
      expect(refused.status).toBeGreaterThanOrEqual(403);
      expect(refused.status).toBeLessThan(500);
      expect(await creditRowsOf(stranger.id)).toEqual([]);
    });

    it("pays the pack their learner is holding", async () => {
      const instructor = await anInstructor(t, { suburbs: ["Penrith", "Parramatta"] });
      expect((await http.put("/api/instructor/test-package", OFFER, instructor.token)).status).toBe(200);
      const student = await learner();
      const guardian = await aGuardianOf(t, student);
      const held = await http.post(
        "/api/student/test-packs",
        { instructorId: instructor.id, centreId: "st-marys", testAt: at(nextWeekday(), "13:30"), price: 300 },
        student.token,
      );
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      const paymentId: string = held.body.payment.id;
      const paid = await http.post(
        `/api/guardian/learners/${student.id}/payments/${paymentId}/pay`,
        undefined,
        guardian.token,
      );
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const confirmed = await http.post(
        `/api/guardian/payments/${paymentId}/confirm`,
        undefined,
        guardian.token,
      );
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(confirmed.body.payment.lessons).toEqual([
        expect.objectContaining({ status: "SCHEDULED", price: 300 }),
      ]);
      const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
      expect(payment).toMatchObject({ payerId: guardian.id, status: "PAID" });
    });
  });
});

const WEBHOOK_SECRET = "whsec_test_secret";

describeEachDatabase("test-pack credits bought by card (Stripe)", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp(kind, {
      env: {
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_kerb",
        STRIPE_API_BASE: stripe.url,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        PUBLIC_URL: "https://kerb.example.test",
      },
    });
    http = api(t.app);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it("issues no credit until the card is paid, then one however often the webhook is replayed", async () => {
    const student = await aStudent(t);
    const bought = await http.post(
      "/api/student/test-pack-credits/purchase",
      { price: PRICE },
      student.token,
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(bought.body.paymentUrl).toMatch(/^https:\/\/checkout\.example\.test\/pay\//);
    const paymentId: string = bought.body.payment.id;
    const session = [...stripe.sessions.values()].find((s) => s.metadata.paymentId === paymentId);
    if (!session) throw new Error("no session created");
    expect(session.amount_total).toBe(27_500);

    const confirmUrl = `/api/student/test-pack-credits/confirm/${paymentId}`;
    const unpaid = await http.post(confirmUrl, undefined, student.token);
    expect(unpaid.status).toBe(402);
    expect(unpaid.body.error.code).toBe("verification_failed");
    const rowsOf = () =>
      t.database.db.select().from(testPackCredits).where(eq(testPackCredits.studentId, student.id));
    expect(await rowsOf()).toEqual([]);

    stripe.pay(session.id);
    const event = {
      id: "evt_pack_credit_1",
      object: "event",
      type: "checkout.session.completed",
      data: { object: { ...session, object: "checkout.session", client_reference_id: paymentId } },
    };
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const deliver = () =>
      t.app.inject({
        method: "POST",
        url: "/api/payment/webhook/stripe",
        headers: { "content-type": "application/json", "stripe-signature": header },
        payload,
      });
    const [a, b] = await Promise.all([deliver(), http.post(confirmUrl, undefined, student.token)]);
    expect([a.statusCode, b.status]).toEqual([200, 200]);
    expect((await deliver()).statusCode).toBe(200);
    expect((await http.post(confirmUrl, undefined, student.token)).status).toBe(200);
    const rows = await rowsOf();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: "PURCHASE", paymentId, usedAt: null });
  });
});

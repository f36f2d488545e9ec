import { sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, expect, it } from "vitest";
import { executeRows } from "../../db/client.ts";
import { holdLesson, registerStudent, weekdayAhead } from "../../test/booking-fixtures.ts";
import { type FakeSession, startFakeStripe } from "../../test/fake-stripe.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const WEBHOOK_SECRET = "whsec_test_checkout";

describeEachDatabase("checkout fulfilment never drops money (real SDK, local fake Stripe)", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let instructorId: string;
  let admin: string;
  let eventCounter = 0;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp(kind, {
      seed: true,
      env: {
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_kerb",
        STRIPE_API_BASE: stripe.url,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
    });
    http = api(t.app);
    instructorId = (await http.login("instructor@demo.test")).user.id;
    admin = (await http.login("admin@demo.test")).accessToken;
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const query = <T>(statement: ReturnType<typeof sql>) => executeRows<T>(t.database.db, statement);

  async function heldLesson(student: { accessToken: string }, daysAhead: number) {
    const { paymentId } = await holdLesson(http, student.accessToken, {
      date: weekdayAhead(t.clock.now, daysAhead),
      instructorId,
    });
    const session = [...stripe.sessions.values()].find((s) => s.metadata.paymentId === paymentId);
    if (!session) throw new Error("no session");
    return { paymentId, session };
  }

  /** The signed `checkout.session.completed` event Stripe would send for a session. */
  function completedEvent(session: FakeSession) {
    eventCounter += 1;
    const payload = JSON.stringify({
      id: `evt_checkout_${eventCounter}`,
      object: "event",
      type: "checkout.session.completed",
      data: { object: { ...session, object: "checkout.session" } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return () =>
      t.app.inject({
        method: "POST",
        url: "/api/payment/webhook/stripe",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        payload,
      });
  }

  it("rolls back the event record with a failed fulfilment, so the provider's retry fulfils exactly once", async () => {
    const student = await registerStudent(http);
    const { paymentId, session } = await heldLesson(student, 3);
    stripe.pay(session.id);

    // A real database fault during fulfilment, once: the first attempt to mark a payment paid fails.
    for (const statement of [
      "create sequence kerb_test_fail_once",
      `create function kerb_test_fail_once() returns trigger language plpgsql as $$
       begin
         if new.status = 'PAID' and nextval('kerb_test_fail_once') = 1 then
           raise exception 'injected fault: fulfilment fails once';
         end if;
         return new;
       end $$`,
      `create trigger kerb_test_fail_once before update on payments
         for each row execute function kerb_test_fail_once()`,
    ]) {
      await t.database.db.execute(sql.raw(statement));
    }
    try {
      const deliver = completedEvent(session);
      const first = await deliver();
      expect(first.statusCode).toBe(500); // Stripe retries anything that is not 2xx
      let payment = await http.get(`/api/payment/${paymentId}`, student.accessToken);
      expect(payment.body.status).toBe("PENDING");
      expect(payment.body.lessons[0].status).toBe("PENDING_PAYMENT");
      expect(await query(sql`select id from payment_events where payment_id = ${paymentId}`)).toHaveLength(0);

      expect((await deliver()).statusCode).toBe(200);
      expect((await deliver()).statusCode).toBe(200);
      payment = await http.get(`/api/payment/${paymentId}`, student.accessToken);
      expect(payment.body.status).toBe("PAID");
      expect(payment.body.lessons.map((l: { status: string }) => l.status)).toEqual(["SCHEDULED"]);
      expect(await query(sql`select id from payment_events where payment_id = ${paymentId}`)).toHaveLength(1);
    } finally {
      await t.database.db.execute(sql.raw("drop trigger kerb_test_fail_once on payments"));
      await t.database.db.execute(sql.raw("drop function kerb_test_fail_once()"));
      await t.database.db.execute(sql.raw("drop sequence kerb_test_fail_once"));
    }
  });

  it("fulfils a bundle once however often its event is delivered", async () => {
    const student = await registerStudent(http);
    const res = await http.post(
      "/api/student/bundles/purchase",
      { totalLessons: 5, pricePerLesson: 75 },
      student.accessToken,
    );
    const session = [...stripe.sessions.values()].find((s) => s.metadata.paymentId === res.body.payment.id);
    if (!session) throw new Error("no session");
    stripe.pay(session.id);
    const deliver = completedEvent(session);
    const answers = await Promise.all([deliver(), deliver(), deliver()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const bundles = await query(sql`select id from bundles where payment_id = ${res.body.payment.id}`);
    expect(bundles).toHaveLength(1);
  });

  it("refunds, through the queue, a card charged after its holds lapsed", async () => {
    const student = await registerStudent(http);
    const { paymentId, session } = await heldLesson(student, 4);
    t.clock.advanceMinutes(31); // the 30-minute hold lapses before Stripe reports the payment
    stripe.pay(session.id);
    const deliver = completedEvent(session);
    expect((await deliver()).statusCode).toBe(200);
    expect((await deliver()).statusCode).toBe(200);

    const payment = await http.get(`/api/payment/${paymentId}`, student.accessToken);
    expect(payment.body.status).toBe("REFUNDED");
    expect(payment.body.lessons[0].status).toBe("EXPIRED");
    expect(stripe.refunds.filter((r) => r.payment_intent === session.payment_intent)).toEqual([
      expect.objectContaining({ amount: session.amount_total }),
    ]);
    const refunds = await http.get("/api/admin/refunds?pageSize=100", admin);
    const mine = refunds.body.items.filter((r: { payment: { id: string } }) => r.payment.id === paymentId);
    expect(mine).toEqual([expect.objectContaining({ status: "SUCCEEDED", reason: "UNFULFILLED_PAYMENT" })]);

    // The student's own confirmation afterwards says what happened, and refunds nothing twice.
    const confirm = await http.post(
      `/api/student/bookings/batch/confirm/${paymentId}`,
      undefined,
      student.accessToken,
    );
    expect(confirm.status).toBe(409);
    expect(confirm.body.error.code).toBe("hold_expired");
    expect(confirm.body.error.message).toMatch(/refunded/);
    expect(stripe.refunds.filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);
  });
});

import Stripe from "stripe";
import { afterAll, beforeAll, expect, it } from "vitest";
import { holdLesson, registerStudent, weekdayAhead } from "../../test/booking-fixtures.ts";
import { startFakeStripe } from "../../test/fake-stripe.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const WEBHOOK_SECRET = "whsec_test_secret";

describeEachDatabase("payments through Stripe (real SDK, local fake server)", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp(kind, {
      seed: true,
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

  it("redirects to Checkout and fulfils only after Stripe says paid in full", async () => {
    const student = await registerStudent(http);
    const res = await http.post(
      "/api/student/bundles/purchase",
      { totalLessons: 5, pricePerLesson: 75 },
      student.accessToken,
    );
    expect(res.status).toBe(201);
    expect(res.body.paymentUrl).toMatch(/^https:\/\/checkout\.example\.test\/pay\/cs_test_/);
    const paymentId = res.body.payment.id;
    const session = [...stripe.sessions.values()].find((s) => s.metadata.paymentId === paymentId);
    if (!session) throw new Error("no session created");
    expect(session.amount_total).toBe(41250);

    const early = await http.post(
      `/api/student/bundles/confirm/${paymentId}`,
      undefined,
      student.accessToken,
    );
    expect(early.status).toBe(402);
    expect(early.body.error.code).toBe("verification_failed");

    stripe.pay(session.id);
    const paid = await http.post(`/api/student/bundles/confirm/${paymentId}`, undefined, student.accessToken);
    expect(paid.status).toBe(200);
    expect(paid.body.payment).toMatchObject({ status: "PAID", provider: "stripe", amount: 412.5 });
  });

  it("refuses a charge that does not match the invoice", async () => {
    const student = await registerStudent(http);
    const res = await http.post(
      "/api/student/bundles/purchase",
      { totalLessons: 5, pricePerLesson: 75 },
      student.accessToken,
    );
    const session = [...stripe.sessions.values()].find((s) => s.metadata.paymentId === res.body.payment.id);
    if (!session) throw new Error("no session");
    stripe.pay(session.id, 100);
    const confirm = await http.post(
      `/api/student/bundles/confirm/${res.body.payment.id}`,
      undefined,
      student.accessToken,
    );
    expect(confirm.body.error.code).toBe("amount_mismatch");
    const payment = await http.get(`/api/payment/${res.body.payment.id}`, student.accessToken);
    expect(payment.body.status).toBe("PENDING");
  });

  it("fulfils from a signed webhook exactly once and ignores forged ones", async () => {
    const student = await registerStudent(http);
    const demo = (await http.login("instructor@demo.test")).user.id;
    const { paymentId } = await holdLesson(http, student.accessToken, {
      date: weekdayAhead(t.clock.now, 3),
      instructorId: demo,
    });
    const session = [...stripe.sessions.values()].find((s) => s.metadata.paymentId === paymentId);
    if (!session) throw new Error("no session");
    stripe.pay(session.id);

    const event = {
      id: "evt_test_1",
      object: "event",
      type: "checkout.session.completed",
      data: { object: { ...session, object: "checkout.session", client_reference_id: paymentId } },
    };
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const post = (body: string, signature: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/payment/webhook/stripe",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        payload: body,
      });

    const forged = await post(payload, "t=1,v1=deadbeef");
    expect(forged.statusCode).toBe(400);

    expect((await post(payload, header)).statusCode).toBe(200);
    expect((await post(payload, header)).statusCode).toBe(200);
    const payment = await http.get(`/api/payment/${paymentId}`, student.accessToken);
    expect(payment.body.status).toBe("PAID");
    expect(payment.body.lessons[0].status).toBe("SCHEDULED");

    // The client's own confirmation afterwards is a no-op that reports success.
    const confirm = await http.post(
      `/api/student/bookings/batch/confirm/${paymentId}`,
      undefined,
      student.accessToken,
    );
    expect(confirm.status).toBe(200);
    expect(confirm.body.payment.paidAt).toBe(payment.body.paidAt);
  });
});

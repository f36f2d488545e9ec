import type { AdminRefund } from "@kerb/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeClient, createStripeProvider } from "../../platform/card-provider/stripe-provider.ts";
import { asBooking, listSlots, registerStudent, weekdayAhead } from "../../test/booking-fixtures.ts";
import { startFakeStripe } from "../../test/fake-stripe.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { createTransact } from "../../unit-of-work.ts";
import { deliverDueCardRefunds, type RefundContext } from "./refund-queue.ts";

describeEachDatabase("card refunds go through a durable queue (real SDK, local fake Stripe)", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let worker: RefundContext;
  let admin: string;
  let instructor: { id: string; token: string };

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp(kind, {
      seed: true,
      env: { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_kerb", STRIPE_API_BASE: stripe.url },
    });
    http = api(t.app);
    // The refund worker's tick, run by hand with the app's own database, clock and provider.
    const workerBase = {
      db: t.database.db,
      now: () => t.clock.now,
      payments: createStripeProvider(createStripeClient({ secretKey: "sk_test_kerb", apiBase: stripe.url })),
      log: t.app.log,
      env: t.env,
    };
    worker = { ...workerBase, transact: createTransact(workerBase) };
    admin = (await http.login("admin@demo.test")).accessToken;
    const login = await http.login("instructor@demo.test");
    instructor = { id: login.user.id, token: login.accessToken };
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  /** A lesson a student booked and paid for by card; returns its id and the card's payment intent. */
  async function paidLesson(daysAhead: number) {
    const student = await registerStudent(http);
    const [slot] = await listSlots(http, student.accessToken, {
      date: weekdayAhead(t.clock.now, daysAhead),
      instructorId: instructor.id,
    });
    if (!slot) throw new Error("no slot");
    const batch = await http.post(
      "/api/student/bookings/batch",
      { bookings: [asBooking(slot)] },
      student.accessToken,
    );
    expect(batch.status).toBe(201);
    const paymentId: string = batch.body.payment.id;
    const session = [...stripe.sessions.values()].find((s) => s.metadata.paymentId === paymentId);
    if (!session) throw new Error("no session");
    stripe.pay(session.id);
    const confirm = await http.post(
      `/api/student/bookings/batch/confirm/${paymentId}`,
      undefined,
      student.accessToken,
    );
    expect(confirm.status).toBe(200);
    return {
      lessonId: confirm.body.payment.lessons[0].id as string,
      paymentId,
      paymentIntent: session.payment_intent,
      amountCents: session.amount_total,
    };
  }

  const refundsOf = async (paymentId: string) => {
    const res = await http.get("/api/admin/refunds?pageSize=100", admin);
    expect(res.status).toBe(200);
    return (res.body.items as AdminRefund[]).filter((r) => r.payment.id === paymentId);
  };

  it("keeps a refund the provider refuses twice, and makes it on the third try, once", async () => {
    const lesson = await paidLesson(5);
    stripe.failNextRefunds(2);

    const cancel = await http.post(
      `/api/instructor/lessons/${lesson.lessonId}/cancel`,
      { reason: "Car off the road" },
      instructor.token,
    );
    expect(cancel.status).toBe(200);
    expect(cancel.body.refund).toBe(lesson.amountCents / 100);

    // The first attempt failed: the refund is queued, visible to the admin, with the provider's error.
    let [queued] = await refundsOf(lesson.paymentId);
    expect(queued).toMatchObject({ status: "PENDING", attempts: 1, reason: "LESSON_CANCELLED" });
    expect(queued?.amount).toBe(lesson.amountCents / 100);
    expect(queued?.lastError).toMatch(/outage/);
    const pending = await http.get("/api/admin/refunds?status=pending", admin);
    expect(pending.body.items.map((r: { id: string }) => r.id)).toContain(queued?.id);

    // Not due yet: the worker leaves it alone until the backoff has passed.
    expect(await deliverDueCardRefunds(worker)).toBe(0);
    t.clock.advanceMinutes(1);
    expect(await deliverDueCardRefunds(worker)).toBe(1);
    [queued] = await refundsOf(lesson.paymentId);
    expect(queued).toMatchObject({ status: "PENDING", attempts: 2 });

    t.clock.advanceMinutes(1);
    expect(await deliverDueCardRefunds(worker)).toBe(0); // second backoff is two minutes
    t.clock.advanceMinutes(1);
    expect(await deliverDueCardRefunds(worker)).toBe(1);
    [queued] = await refundsOf(lesson.paymentId);
    expect(queued).toMatchObject({ status: "SUCCEEDED", attempts: 3, lastError: null, nextAttemptAt: null });

    // Three calls, one key, one refund of the full amount.
    const calls = stripe.refundRequests.filter((r) => r.idempotencyKey.endsWith(queued?.id ?? "?"));
    expect(calls.map((c) => c.answered)).toEqual([500, 500, 200]);
    const made = stripe.refunds.filter((r) => r.payment_intent === lesson.paymentIntent);
    expect(made).toEqual([expect.objectContaining({ amount: lesson.amountCents })]);

    // Nothing left to do, and nothing is sent again.
    t.clock.advanceMinutes(120);
    await deliverDueCardRefunds(worker);
    expect(stripe.refunds.filter((r) => r.payment_intent === lesson.paymentIntent)).toHaveLength(1);
  });

  it("retries with the same key when the provider's answer is lost, so the card is refunded once", async () => {
    const lesson = await paidLesson(6);
    stripe.loseNextRefundAnswers(2);
    await http.post(
      `/api/instructor/lessons/${lesson.lessonId}/cancel`,
      { reason: "Car off the road" },
      instructor.token,
    );
    const [queued] = await refundsOf(lesson.paymentId);
    expect(queued).toMatchObject({ status: "PENDING", attempts: 1 });

    t.clock.advanceMinutes(1);
    await deliverDueCardRefunds(worker);
    const [done] = await refundsOf(lesson.paymentId);
    expect(done).toMatchObject({ status: "SUCCEEDED", attempts: 2 });
    const calls = stripe.refundRequests.filter((r) => r.idempotencyKey.endsWith(done?.id ?? "?"));
    expect(calls.map((c) => c.answered)).toEqual([0, 0, 200]);
    expect(stripe.refunds.filter((r) => r.payment_intent === lesson.paymentIntent)).toHaveLength(1);
  });

  /** A paid lesson the admin cancelled while the card refund failed: its refund is queued to retry. */
  async function cancelledWithRefundFailed(daysAhead: number) {
    const lesson = await paidLesson(daysAhead);
    stripe.failNextRefunds(1);
    const cancel = await http.post(
      `/api/admin/bookings/${lesson.lessonId}/cancel`,
      { reason: "Instructor unwell" },
      admin,
    );
    expect(cancel.status).toBe(200);
    const [queued] = await refundsOf(lesson.paymentId);
    expect(queued?.status).toBe("PENDING");
    return { lesson, queued };
  }

  it("lets the admin retry at once, records it in the audit log, and refuses a second retry", async () => {
    const { lesson, queued } = await cancelledWithRefundFailed(7);

    t.clock.advanceMinutes(1); // the audit log lists newest first
    const retry = await http.post(`/api/admin/refunds/${queued?.id}/retry`, undefined, admin);
    expect(retry.status).toBe(200);
    expect(retry.body.refund).toMatchObject({ id: queued?.id, status: "SUCCEEDED", attempts: 2 });
    const audit = await http.get("/api/admin/audit-log?action=refund.&pageSize=5", admin);
    const actions = audit.body.items
      .filter((e: { targetId: string }) => e.targetId === queued?.id)
      .map((e: { action: string; actor: { id: string } | null }) => [e.action, e.actor === null]);
    // The retry is the admin's; the refund being queued and going through are the system's.
    expect(actions).toEqual(
      expect.arrayContaining([
        ["refund.retry", false],
        ["refund.succeed", true],
        ["refund.queue", true],
      ]),
    );

    const again = await http.post(`/api/admin/refunds/${queued?.id}/retry`, undefined, admin);
    expect(again.status).toBe(409);
    expect(stripe.refunds.filter((r) => r.payment_intent === lesson.paymentIntent)).toHaveLength(1);
  });

  it("calls the provider once however many retries race: 50 at once, one refund.succeed, one transfer", async () => {
    const { lesson, queued } = await cancelledWithRefundFailed(8);

    // A provider that takes its time: every retry starts while the first is still waiting for it.
    stripe.slowRefunds(300);
    const retries = await Promise.all(
      Array.from({ length: 50 }, () => http.post(`/api/admin/refunds/${queued?.id}/retry`, undefined, admin)),
    ).finally(() => stripe.slowRefunds(0));
    expect(retries.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = retries.filter((r) => r.status !== 200);
    expect(refused.every((r) => r.status === 409 && r.body.error.code === "invalid_state")).toBe(true);
    // The attempt that failed when the lesson was cancelled, then the one retry that went through.
    const calls = stripe.refundRequests.filter((r) => r.idempotencyKey.endsWith(queued?.id ?? "?"));
    expect(calls.map((c) => c.answered)).toEqual([500, 200]);
    const [after] = await refundsOf(lesson.paymentId);
    expect(after?.status).toBe("SUCCEEDED");
    const audit = await http.get("/api/admin/audit-log?action=refund.succeed&pageSize=100", admin);
    expect(audit.body.items.filter((e: { targetId: string }) => e.targetId === queued?.id)).toHaveLength(1);
    expect(stripe.refunds.filter((r) => r.payment_intent === lesson.paymentIntent)).toHaveLength(1);
  });

  it("is for admins only, and answers bad ids and filters with 4xx", async () => {
    const student = await registerStudent(http);
    expect((await http.get("/api/admin/refunds", student.accessToken)).status).toBe(403);
    expect((await http.get("/api/admin/refunds")).status).toBe(401);
    expect((await http.get("/api/admin/refunds?status=LOST", admin)).status).toBe(400);
    expect((await http.post("/api/admin/refunds/not-a-uuid/retry", undefined, admin)).status).toBe(400);
    const missing = await http.post(`/api/admin/refunds/${crypto.randomUUID()}/retry`, undefined, admin);
    expect(missing.status).toBe(404);
  });
});

describe("demo refunds", () => {
  it("are recorded and settled at once: no card was charged", async () => {
    const t = await createTestApp("pglite", { seed: true });
    try {
      const http = api(t.app);
      const admin = (await http.login("admin@demo.test")).accessToken;
      const demo = (await http.login("instructor@demo.test")).user.id;
      const student = await registerStudent(http);
      const [slot] = await listSlots(http, student.accessToken, {
        date: weekdayAhead(t.clock.now, 5),
        instructorId: demo,
      });
      if (!slot) throw new Error("no slot");
      const batch = await http.post(
        "/api/student/bookings/batch",
        { bookings: [asBooking(slot)] },
        student.accessToken,
      );
      const confirm = await http.post(
        `/api/student/bookings/batch/confirm/${batch.body.payment.id}`,
        undefined,
        student.accessToken,
      );
      const lessonId = confirm.body.payment.lessons[0].id;
      await http.post(`/api/admin/bookings/${lessonId}/cancel`, {}, admin);
      const list = await http.get("/api/admin/refunds", admin);
      expect(list.body.items).toEqual([
        expect.objectContaining({ status: "SUCCEEDED", attempts: 1, amount: batch.body.payment.amount }),
      ]);
    } finally {
      await t.close();
    }
  });
});

import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, bookings, cardRefunds, payments } from "../../db/schema/index.ts";
import {
  holdLesson,
  type ListedSlot,
  listSlots,
  registerStudent,
  weekdayAhead,
} from "../../test/booking-fixtures.ts";
import { type FakeSession, startFakeStripe } from "../../test/fake-stripe.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

type Http = ReturnType<typeof api>;
const WEBHOOK_SECRET = "whsec_test_release";

const isListed = async (http: Http, slot: ListedSlot, query: { date: string; instructorId: string }) => {
  const viewer = await registerStudent(http);
  const slots = await listSlots(http, viewer.accessToken, query);
  return slots.some((s) => s.startTime === slot.startTime);
};

describeEachDatabase("a student releases an unpaid hold", (kind) => {
  let t: TestApp;
  let http: Http;
  let demo: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    demo = (await http.login("instructor@demo.test")).user.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const readPayment = async (id: string) => {
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, id));
    return row;
  };
  const lessonsOf = (paymentId: string) =>
    t.database.db.select().from(bookings).where(eq(bookings.paymentId, paymentId));

  it("frees the held slot at once and cancels the payment; paying afterwards books nothing", async () => {
    const student = await registerStudent(http);
    const query = { date: weekdayAhead(t.clock.now, 7), instructorId: demo };
    const held = await holdLesson(http, student.accessToken, query);
    expect(await isListed(http, held.slot, query)).toBe(false);

    const res = await http.post(`/api/payment/${held.paymentId}/release`, undefined, student.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ payment: { id: held.paymentId, status: "CANCELLED" } });
    expect((await readPayment(held.paymentId))?.status).toBe("CANCELLED");
    expect((await lessonsOf(held.paymentId)).map((l) => l.status)).toEqual(["EXPIRED"]);

    // Free for anyone, and gone from the student's own list.
    expect(await isListed(http, held.slot, query)).toBe(true);
    const profile = await http.get("/api/student/profile", student.accessToken);
    expect(profile.body.bookings.map((b: { id: string }) => b.id)).not.toContain(
      (await lessonsOf(held.paymentId))[0]?.id,
    );
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, held.paymentId));
    expect(entry).toMatchObject({ action: "payment.release", actorId: student.user.id });

    // "I have paid" after letting go does not bring the lessons back.
    const confirm = await http.post(
      `/api/student/bookings/batch/confirm/${held.paymentId}`,
      undefined,
      student.accessToken,
    );
    expect(confirm.status).toBe(409);
    expect(confirm.body.error.message).toMatch(/You released these lessons/);
    expect((await lessonsOf(held.paymentId)).map((l) => l.status)).toEqual(["EXPIRED"]);

    // Releasing twice has nothing left to release.
    const again = await http.post(`/api/payment/${held.paymentId}/release`, undefined, student.accessToken);
    expect(again.status).toBe(409);
  });

  it("a hold the instructor then takes leave over is refused at payment: 409, released, nothing charged", async () => {
    const student = await registerStudent(http);
    const date = weekdayAhead(t.clock.now, 23);
    const query = { date, instructorId: demo };
    const held = await holdLesson(http, student.accessToken, query);
    const instructor = (await http.login("instructor@demo.test")).accessToken;
    const leave = await http.post(
      "/api/instructor/availability/leave",
      { startDate: date, endDate: date, note: "Family holiday" },
      instructor,
    );
    expect(leave.status).toBe(201);
    try {
      const confirm = await http.post(
        `/api/student/bookings/batch/confirm/${held.paymentId}`,
        undefined,
        student.accessToken,
      );
      expect(confirm.status).toBe(409);
      expect(confirm.body.error).toMatchObject({
        code: "slot_unavailable",
        details: { reason: "instructor_time_off", startTime: held.slot.startTime },
      });
      expect(confirm.body.error.message).toMatch(
        /is no longer available at .+: they have taken that time off/,
      );
      expect(confirm.body.error.message).toContain("you have not been charged");
      // Nothing booked, nothing taken: the hold is gone and the payment with it.
      expect((await readPayment(held.paymentId))?.status).toBe("EXPIRED");
      expect((await lessonsOf(held.paymentId)).map((l) => l.status)).toEqual(["EXPIRED"]);
      const profile = await http.get("/api/student/profile", student.accessToken);
      expect(profile.body.bookings.filter((b: { status: string }) => b.status === "SCHEDULED")).toEqual([]);
      // Asked again, it stays refused.
      const again = await http.post(
        `/api/student/bookings/batch/confirm/${held.paymentId}`,
        undefined,
        student.accessToken,
      );
      expect(again.status).toBe(409);
    } finally {
      const added = leave.body.availability.exceptions.filter((e: { date: string }) => e.date === date);
      for (const e of added) {
        await http.delete(`/api/instructor/availability/exceptions/${e.id}`, instructor);
      }
    }
  });

  it("refuses a paid payment with 409, someone else's with 404, and a bad id with 400", async () => {
    const student = await registerStudent(http);
    const query = { date: weekdayAhead(t.clock.now, 8), instructorId: demo };
    const held = await holdLesson(http, student.accessToken, query);

    const stranger = await registerStudent(http);
    const theirs = await http.post(`/api/payment/${held.paymentId}/release`, undefined, stranger.accessToken);
    expect(theirs.status).toBe(404);
    expect(
      (await http.post(`/api/payment/${crypto.randomUUID()}/release`, undefined, student.accessToken)).status,
    ).toBe(404);
    expect((await http.post("/api/payment/nope/release", undefined, student.accessToken)).status).toBe(400);
    expect((await http.post(`/api/payment/${held.paymentId}/release`)).status).toBe(401);
    expect((await readPayment(held.paymentId))?.status).toBe("PENDING");

    const paid = await http.post(
      `/api/student/bookings/batch/confirm/${held.paymentId}`,
      undefined,
      student.accessToken,
    );
    expect(paid.status).toBe(200);
    const res = await http.post(`/api/payment/${held.paymentId}/release`, undefined, student.accessToken);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/already been made/);
    expect((await lessonsOf(held.paymentId)).map((l) => l.status)).toEqual(["SCHEDULED"]);
  });
});

describe("releasing a Stripe checkout (real SDK, local fake Stripe)", () => {
  let t: TestApp;
  let http: Http;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let demo: string;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp("pglite", {
      seed: true,
      env: {
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_kerb",
        STRIPE_API_BASE: stripe.url,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
    });
    http = api(t.app);
    demo = (await http.login("instructor@demo.test")).user.id;
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const sessionOf = (paymentId: string) => {
    const session = [...stripe.sessions.values()].find((s) => s.metadata.paymentId === paymentId);
    if (!session) throw new Error("no session");
    return session;
  };
  const completed = (session: FakeSession) => {
    const payload = JSON.stringify({
      id: `evt_release_${session.id}`,
      object: "event",
      type: "checkout.session.completed",
      data: { object: { ...session, object: "checkout.session" } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return t.app.inject({
      method: "POST",
      url: "/api/payment/webhook/stripe",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      payload,
    });
  };

  it("expires the Checkout Session, and refunds a payment that raced the release instead of booking it", async () => {
    const student = await registerStudent(http);
    const query = { date: weekdayAhead(t.clock.now, 7), instructorId: demo };
    const held = await holdLesson(http, student.accessToken, query);
    const session = sessionOf(held.paymentId);

    const res = await http.post(`/api/payment/${held.paymentId}/release`, undefined, student.accessToken);
    expect(res.status).toBe(200);
    expect(session.status).toBe("expired");

    // The card was charged just before the session closed: the webhook must not resurrect the hold.
    stripe.pay(session.id);
    const hook = await completed(session);
    expect(hook.statusCode).toBe(200);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, held.paymentId));
    expect(payment).toMatchObject({ status: "REFUNDED", refundedCents: session.amount_total });
    const lessons = await t.database.db.select().from(bookings).where(eq(bookings.paymentId, held.paymentId));
    expect(lessons.map((l) => l.status)).toEqual(["EXPIRED"]);
    const refunds = await t.database.db
      .select()
      .from(cardRefunds)
      .where(eq(cardRefunds.paymentId, held.paymentId));
    expect(refunds).toEqual([
      expect.objectContaining({
        reason: "UNFULFILLED_PAYMENT",
        amountCents: session.amount_total,
        status: "SUCCEEDED",
      }),
    ]);
    expect(stripe.refunds.filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);
    expect(await isListed(http, held.slot, query)).toBe(true);
  });

  it("a card charged after the instructor took leave over the hold is refunded in full, not booked", async () => {
    const student = await registerStudent(http);
    const date = weekdayAhead(t.clock.now, 23);
    const held = await holdLesson(http, student.accessToken, { date, instructorId: demo });
    const session = sessionOf(held.paymentId);
    const instructor = (await http.login("instructor@demo.test")).accessToken;
    const leave = await http.post(
      "/api/instructor/availability/leave",
      { startDate: date, endDate: date },
      instructor,
    );
    expect(leave.status).toBe(201);

    // Stripe's page took the money before Kerb heard of it: the webhook books nothing and sends it back.
    stripe.pay(session.id);
    expect((await completed(session)).statusCode).toBe(200);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, held.paymentId));
    expect(payment).toMatchObject({ status: "REFUNDED", refundedCents: session.amount_total });
    const lessons = await t.database.db.select().from(bookings).where(eq(bookings.paymentId, held.paymentId));
    expect(lessons.map((l) => l.status)).toEqual(["EXPIRED"]);
    expect(stripe.refunds.filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);
  });

  it("still releases the hold when Stripe cannot expire the session", async () => {
    const student = await registerStudent(http);
    const query = { date: weekdayAhead(t.clock.now, 8), instructorId: demo };
    const held = await holdLesson(http, student.accessToken, query);
    stripe.sessions.delete(sessionOf(held.paymentId).id); // Stripe answers 404 for it now

    const res = await http.post(`/api/payment/${held.paymentId}/release`, undefined, student.accessToken);
    expect(res.status).toBe(200);
    expect(await isListed(http, held.slot, query)).toBe(true);
  });
});

/**
 * Saved cards over HTTP (issue 34, decision 041): saved once through the provider's own page, then
 * charged off-session by a checkout without the card being typed again; a decline books nothing and
 * holds nothing; 3-D Secure falls back to the hosted page with the times still held. With the real
 * Stripe SDK against the local fake, and in demo mode.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { outbox } from "../../db/schema/index.ts";
import { asBooking, freshWeekdays, type ListedSlot, listSlots } from "../../test/booking-fixtures.ts";
import { startFakeStripe } from "../../test/fake-stripe.ts";
import { api } from "../../test/http.ts";
import { aGuardianOf, aStudent, type Student, theDemoInstructor } from "../../test/scenarios.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

type Http = ReturnType<typeof api>;

/** The first free slot with the instructor on a day of the test's own. */
async function aFreeSlot(http: Http, token: string, date: string, instructorId: string): Promise<ListedSlot> {
  const [slot] = await listSlots(http, token, { date, instructorId });
  if (!slot) throw new Error(`no free slot on ${date}`);
  return slot;
}

/** Whether the slot is offered again (free: not booked, not held). */
async function isListed(http: Http, token: string, date: string, slot: ListedSlot) {
  const slots = await listSlots(http, token, { date, instructorId: slot.instructorId ?? "" });
  return slots.some((s) => s.startTime === slot.startTime);
}

describeEachDatabase("saved cards with Stripe (real SDK, local fake)", (kind) => {
  let t: TestApp;
  let http: Http;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let instructorId: string;
  let nextDate: () => string;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp(kind, {
      seed: true,
      env: {
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_kerb",
        STRIPE_API_BASE: stripe.url,
        PUBLIC_URL: "https://kerb.example.test",
      },
    });
    http = api(t.app);
    instructorId = (await theDemoInstructor(t)).id;
    nextDate = freshWeekdays(() => t.clock.now);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  /** Saves a card through Stripe's page as the browser would: start, enter it there, come back, confirm. */
  async function saveCard(
    token: string,
    base: "student" | "guardian",
    card?: { brand?: string; last4?: string },
  ) {
    const started = await http.post(`/api/${base}/saved-cards`, undefined, token);
    expect(started.status).toBe(201);
    expect(started.body.card).toBeUndefined();
    const sessionId = String(started.body.setupUrl).split("/").pop() ?? "";
    const session = stripe.setupSessions.get(sessionId);
    // Stripe sends the browser back to the account page with the session id filled in.
    expect(session?.success_url).toBe(
      `https://kerb.example.test/${base}/account?card_setup=return&session_id={CHECKOUT_SESSION_ID}`,
    );
    const pm = stripe.completeSetup(sessionId, card);
    const confirmed = await http.post(`/api/${base}/saved-cards/confirm`, { sessionId }, token);
    expect(confirmed.status).toBe(200);
    return { cardId: confirmed.body.card.id as string, pm, sessionId, card: confirmed.body.card };
  }

  const hold = (token: string, slot: ListedSlot, savedCardId?: string) =>
    http.post("/api/student/bookings/batch", { bookings: [asBooking(slot)], savedCardId }, token);

  it("a card saved once pays a second booking off-session, without a new checkout page", async () => {
    const student = await aStudent(t);
    const { cardId, pm, sessionId, card } = await saveCard(student.token, "student");
    expect(card).toMatchObject({
      provider: "stripe",
      brand: "Visa",
      last4: "4242",
      expMonth: 4,
      expYear: 2031,
    });
    // The return link opened twice (a reload) saves the card once.
    const again = await http.post("/api/student/saved-cards/confirm", { sessionId }, student.token);
    expect(again.body.card.id).toBe(cardId);
    const listed = await http.get("/api/student/saved-cards", student.token);
    expect(listed.body.cards).toEqual([card]);
    // One Stripe customer for the learner, kept on our side, with the card attached.
    expect(stripe.paymentMethods.get(pm)?.customer).toMatch(/^cus_test_/);

    const sessionsBefore = stripe.sessions.size;
    const slot = await aFreeSlot(http, student.token, nextDate(), instructorId);
    const paid = await hold(student.token, slot, cardId);
    expect(paid.status).toBe(201);
    expect(paid.body.savedCard).toEqual({ status: "paid" });
    expect(paid.body.paymentUrl).toBeUndefined();
    expect(stripe.sessions.size).toBe(sessionsBefore);

    const paymentId: string = paid.body.payment.id;
    const intent = [...stripe.paymentIntents.values()].find((i) => i.metadata.paymentId === paymentId);
    expect(intent).toMatchObject({
      status: "succeeded",
      amount: Math.round(paid.body.payment.amount * 100),
      payment_method: pm,
    });
    expect(stripe.paymentIntentRequests.at(-1)?.idempotencyKey).toBe(`kerb-payment-${paymentId}`);

    const payment = await http.get(`/api/payment/${paymentId}`, student.token);
    expect(payment.body).toMatchObject({ status: "PAID", provider: "stripe" });
    expect(payment.body.lessons[0].status).toBe("SCHEDULED");
    // The booking's emails, as for any paid booking, were written with it.
    const mail = await t.database.db
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(eq(outbox.toEmail, student.email));
    expect(mail.map((m) => m.kind)).toContain("booking_confirmed");
    // The client's own confirmation afterwards is a harmless no-op.
    const confirm = await http.post(
      `/api/student/bookings/batch/confirm/${paymentId}`,
      undefined,
      student.token,
    );
    expect(confirm.status).toBe(200);
    expect(confirm.body.payment.status).toBe("PAID");
  });

  it("a declined card books nothing, leaves no held lesson and sends the learner to pay on-session", async () => {
    const student = await aStudent(t);
    const { cardId, pm } = await saveCard(student.token, "student", { brand: "mastercard", last4: "0005" });
    stripe.failCard(pm, "card_declined");
    const date = nextDate();
    const slot = await aFreeSlot(http, student.token, date, instructorId);
    const declined = await hold(student.token, slot, cardId);
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({
      code: "card_declined",
      details: { reason: "insufficient_funds", next: "pay_on_session" },
    });
    expect(declined.body.error.message).toContain("Mastercard ending 0005");
    const payment = await http.get(`/api/payment/${declined.body.error.details.paymentId}`, student.token);
    expect(payment.body.status).toBe("FAILED");
    expect(await isListed(http, student.token, date, slot)).toBe(true);
    // On-session, the normal way: the same time can be held again at once.
    const onSession = await hold(student.token, slot);
    expect(onSession.status).toBe(201);
    expect(onSession.body.paymentUrl).toMatch(/^https:\/\/checkout\.example\.test\/pay\//);
    stripe.failCard(pm, null);
  });

  it("a card the bank wants authenticated (3-D Secure) falls back to the hosted page, times still held", async () => {
    const student = await aStudent(t);
    const { cardId, pm } = await saveCard(student.token, "student");
    stripe.failCard(pm, "authentication_required");
    const date = nextDate();
    const slot = await aFreeSlot(http, student.token, date, instructorId);
    const res = await hold(student.token, slot, cardId);
    expect(res.status).toBe(201);
    expect(res.body.savedCard).toEqual({ status: "authentication_required" });
    expect(res.body.paymentUrl).toMatch(/^https:\/\/checkout\.example\.test\/pay\//);
    const paymentId: string = res.body.payment.id;
    expect((await http.get(`/api/payment/${paymentId}`, student.token)).body.status).toBe("PENDING");
    expect(await isListed(http, student.token, date, slot)).toBe(false);

    const session = [...stripe.sessions.values()].find((s) => s.metadata.paymentId === paymentId);
    if (!session) throw new Error("no hosted session");
    stripe.pay(session.id);
    const confirm = await http.post(
      `/api/student/bookings/batch/confirm/${paymentId}`,
      undefined,
      student.token,
    );
    expect(confirm.status).toBe(200);
    expect(confirm.body.payment.lessons[0].status).toBe("SCHEDULED");
  });

  it("a removed card is detached at Stripe and never charged again; its past payment stays", async () => {
    const student = await aStudent(t);
    const { cardId, pm } = await saveCard(student.token, "student");
    const bundle = await http.post(
      "/api/student/bundles/purchase",
      { totalLessons: 5, pricePerLesson: 75, savedCardId: cardId },
      student.token,
    );
    expect(bundle.status).toBe(201);
    expect(bundle.body.savedCard).toEqual({ status: "paid" });

    const removed = await http.delete(`/api/student/saved-cards/${cardId}`, student.token);
    expect(removed.status).toBe(200);
    expect(removed.body.cards).toEqual([]);
    expect(stripe.paymentMethods.get(pm)?.customer).toBeNull();
    expect((await http.delete(`/api/student/saved-cards/${cardId}`, student.token)).status).toBe(404);

    const past = await http.get(`/api/payment/${bundle.body.payment.id}`, student.token);
    expect(past.body.status).toBe("PAID");
    const date = nextDate();
    const slot = await aFreeSlot(http, student.token, date, instructorId);
    const refused = await hold(student.token, slot, cardId);
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe("card_not_found");
    // Refused before anything was held.
    expect(await isListed(http, student.token, date, slot)).toBe(true);
  });

  it("someone else's card is not found, and charges nothing", async () => {
    const owner = await aStudent(t);
    const other: Student = await aStudent(t);
    const { cardId } = await saveCard(owner.token, "student");
    const requests = stripe.paymentIntentRequests.length;
    const slot = await aFreeSlot(http, other.token, nextDate(), instructorId);
    const res = await hold(other.token, slot, cardId);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("card_not_found");
    expect((await http.delete(`/api/student/saved-cards/${cardId}`, other.token)).status).toBe(404);
    expect((await http.get("/api/student/saved-cards", other.token)).body.cards).toEqual([]);
    expect(stripe.paymentIntentRequests.length).toBe(requests);
  });

  it("a guardian saves their own card and pays a learner's bundle with it", async () => {
    const learner = await aStudent(t);
    const guardian = await aGuardianOf(t, learner);
    const { cardId, pm } = await saveCard(guardian.token, "guardian", { brand: "amex", last4: "0005" });
    expect((await http.get("/api/guardian/saved-cards", guardian.token)).body.cards).toEqual([
      expect.objectContaining({ id: cardId, brand: "American Express", last4: "0005" }),
    ]);
    // The learner does not see, or charge, the guardian's card.
    expect((await http.get("/api/student/saved-cards", learner.token)).body.cards).toEqual([]);

    const bought = await http.post(
      `/api/guardian/learners/${learner.id}/bundles`,
      { totalLessons: 5, pricePerLesson: 75, savedCardId: cardId },
      guardian.token,
    );
    expect(bought.status).toBe(201);
    expect(bought.body.savedCard).toEqual({ status: "paid" });
    const intent = [...stripe.paymentIntents.values()].find(
      (i) => i.metadata.paymentId === bought.body.payment.id,
    );
    expect(intent?.payment_method).toBe(pm);
    const profile = await http.get("/api/student/profile", learner.token);
    expect(profile.body.bundles).toHaveLength(1);

    // A learner's own card is not the guardian's to charge.
    const learnerCard = await saveCard(learner.token, "student");
    const refused = await http.post(
      `/api/guardian/learners/${learner.id}/bundles`,
      { totalLessons: 5, pricePerLesson: 75, savedCardId: learnerCard.cardId },
      guardian.token,
    );
    expect(refused.status).toBe(404);

    expect((await http.delete(`/api/guardian/saved-cards/${cardId}`, guardian.token)).body.cards).toEqual([]);
  });

  it("a lesson paid off-session and then cancelled is refunded against its PaymentIntent", async () => {
    const student = await aStudent(t);
    const { cardId } = await saveCard(student.token, "student");
    const slot = await aFreeSlot(http, student.token, nextDate(), instructorId);
    const paid = await hold(student.token, slot, cardId);
    const paymentId: string = paid.body.payment.id;
    const intent = [...stripe.paymentIntents.values()].find((i) => i.metadata.paymentId === paymentId);
    const payment = await http.get(`/api/payment/${paymentId}`, student.token);
    const instructor = await theDemoInstructor(t);
    const cancel = await http.post(
      `/api/instructor/lessons/${payment.body.lessons[0].id}/cancel`,
      { reason: "Car off the road" },
      instructor.token,
    );
    expect(cancel.status).toBe(200);
    expect(stripe.refunds.filter((r) => r.payment_intent === intent?.id)).toEqual([
      expect.objectContaining({ amount: intent?.amount }),
    ]);
  });

  it("a guardian pays the lessons a learner is holding with the guardian's own saved card", async () => {
    const learner = await aStudent(t);
    const guardian = await aGuardianOf(t, learner);
    const { cardId, pm } = await saveCard(guardian.token, "guardian");
    const slot = await aFreeSlot(http, learner.token, nextDate(), instructorId);
    const held = await hold(learner.token, slot);
    expect(held.status).toBe(201);
    const paymentId: string = held.body.payment.id;
    const pay = (savedCardId: string) =>
      http.post(
        `/api/guardian/learners/${learner.id}/payments/${paymentId}/pay`,
        { savedCardId },
        guardian.token,
      );
    // The learner's own card is not the guardian's to use.
    const learnerCard = await saveCard(learner.token, "student");
    expect((await pay(learnerCard.cardId)).status).toBe(404);

    const paid = await pay(cardId);
    expect(paid.status).toBe(200);
    expect(paid.body.savedCard).toEqual({ status: "paid" });
    const intent = [...stripe.paymentIntents.values()].find((i) => i.metadata.paymentId === paymentId);
    expect(intent?.payment_method).toBe(pm);
    const payment = await http.get(`/api/payment/${paymentId}`, learner.token);
    expect(payment.body.status).toBe("PAID");
    expect(payment.body.lessons[0].status).toBe("SCHEDULED");
  });

  it("a forged return (another customer's session) saves nothing", async () => {
    const owner = await aStudent(t);
    const other = await aStudent(t);
    const started = await http.post("/api/student/saved-cards", undefined, owner.token);
    const sessionId = String(started.body.setupUrl).split("/").pop() ?? "";
    stripe.completeSetup(sessionId);
    // The other learner needs a customer of their own first.
    await http.post("/api/student/saved-cards", undefined, other.token);
    const forged = await http.post("/api/student/saved-cards/confirm", { sessionId }, other.token);
    expect(forged.status).toBe(402);
    expect((await http.get("/api/student/saved-cards", other.token)).body.cards).toEqual([]);
  });
});

describeEachDatabase("saved cards in demo mode", (kind) => {
  let t: TestApp;
  let http: Http;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
  });
  afterAll(() => t.close());

  it("saves a demo card at once and pays a booking with it without a checkout", async () => {
    const student = await aStudent(t);
    const saved = await http.post("/api/student/saved-cards", undefined, student.token);
    expect(saved.status).toBe(201);
    expect(saved.body.setupUrl).toBeUndefined();
    expect(saved.body.card).toMatchObject({ provider: "demo", brand: "Demo card", last4: "4242" });

    const instructorId = (await theDemoInstructor(t)).id;
    const date = freshWeekdays(() => t.clock.now)();
    const slot = await aFreeSlot(http, student.token, date, instructorId);
    const res = await http.post(
      "/api/student/bookings/batch",
      { bookings: [asBooking(slot)], savedCardId: saved.body.card.id },
      student.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.savedCard).toEqual({ status: "paid" });
    const payment = await http.get(`/api/payment/${res.body.payment.id}`, student.token);
    expect(payment.body).toMatchObject({ status: "PAID", provider: "demo" });
    expect(payment.body.lessons[0].status).toBe("SCHEDULED");

    const removed = await http.delete(`/api/student/saved-cards/${saved.body.card.id}`, student.token);
    expect(removed.body.cards).toEqual([]);
    // Their own data export shows the card they had, and when they removed it.
    const exported = await http.get("/api/me/data-export", student.token);
    expect(exported.body.savedCards).toEqual([
      expect.objectContaining({ brand: "Demo card", last4: "4242", removedAt: expect.any(String) }),
    ]);
  });
});

/**
 * One purchase per intended purchase (issue 30 item 3): a guardian's double click on Pay bought two
 * bundles. Requests sent with the same Idempotency-Key, even at the same moment, buy once and answer
 * alike; the same key for another purchase is refused; a guardian's key-less repeat within seconds is
 * the same purchase while it is unpaid.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundles, payments } from "../../db/schema/index.ts";
import { asBooking, freshWeekdays, listSlots } from "../../test/booking-fixtures.ts";
import { userIdByEmail } from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { type Actor, aGuardianOf, aStudent, type Student } from "../../test/scenarios.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

describeEachDatabase("idempotent purchases", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let instructorId: string;
  let nextWeekday: () => string;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    instructorId = await userIdByEmail(t.database.db, "instructor@demo.test");
    nextWeekday = freshWeekdays(() => t.clock.now);
  });
  afterAll(async () => {
    await t?.close();
  });

  const bundle = () => ({ totalLessons: 10, pricePerLesson: 70, instructorId, suburb: "Sydney CBD" });
  const keyed = (key: string) => ({ "idempotency-key": key });
  const paymentsOf = (userId: string) =>
    t.database.db.select().from(payments).where(eq(payments.userId, userId));
  const bundlesOf = (userId: string) =>
    t.database.db.select().from(bundles).where(eq(bundles.studentId, userId));

  describe("a guardian buying a bundle for a learner", () => {
    let learner: Student;
    let guardian: Actor;
    const buyUrl = () => `/api/guardian/learners/${learner.id}/bundles`;

    beforeAll(async () => {
      learner = await aStudent(t);
      guardian = await aGuardianOf(t, learner);
    });

    it("two identical requests at once with one key buy one bundle and answer alike", async () => {
      const key = randomUUID();
      const [first, second] = await Promise.all([
        http.post(buyUrl(), bundle(), guardian.token, keyed(key)),
        http.post(buyUrl(), bundle(), guardian.token, keyed(key)),
      ]);
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(second.body).toEqual(first.body);
      // One of them is the first answer given again, and says so.
      expect([first.headers["idempotent-replayed"], second.headers["idempotent-replayed"]].sort()).toEqual([
        "true",
        undefined,
      ]);
      const opened = await paymentsOf(learner.id);
      expect(opened).toHaveLength(1);
      expect(opened[0]).toMatchObject({ id: first.body.payment.id, payerId: guardian.id });

      const paymentId: string = first.body.payment.id;
      const confirmUrl = `/api/guardian/payments/${paymentId}/confirm`;
      const confirmKey = randomUUID();
      const confirmed = await Promise.all([
        http.post(confirmUrl, undefined, guardian.token, keyed(confirmKey)),
        http.post(confirmUrl, undefined, guardian.token, keyed(confirmKey)),
      ]);
      expect(confirmed.map((c) => c.status)).toEqual([200, 200]);
      expect(confirmed[1]?.body).toEqual(confirmed[0]?.body);
      expect(await bundlesOf(learner.id)).toHaveLength(1);

      // Later, the same key once more (a retry after a lost answer): the same purchase, nothing new.
      const retried = await http.post(buyUrl(), bundle(), guardian.token, keyed(key));
      expect(retried.status).toBe(201);
      expect(retried.body).toEqual(first.body);
      expect(await paymentsOf(learner.id)).toHaveLength(1);
      expect(await bundlesOf(learner.id)).toHaveLength(1);
    });

    it("the same key for another purchase is refused, and a new key buys again", async () => {
      const key = randomUUID();
      const bought = await http.post(buyUrl(), bundle(), guardian.token, keyed(key));
      expect(bought.status).toBe(201);
      const other = await http.post(
        buyUrl(),
        { ...bundle(), totalLessons: 5, pricePerLesson: 75 },
        guardian.token,
        keyed(key),
      );
      expect(other.status).toBe(422);
      expect(other.body.error).toMatchObject({ code: "idempotency_key_reused" });
      expect(other.body.error.message).toMatch(/already used for a different request/);

      const before = (await paymentsOf(learner.id)).length;
      const again = await http.post(buyUrl(), bundle(), guardian.token, keyed(randomUUID()));
      expect(again.status).toBe(201);
      expect(again.body.payment.id).not.toBe(bought.body.payment.id);
      expect(await paymentsOf(learner.id)).toHaveLength(before + 1);
    });

    it("a key that is not a UUID is a 400 that names the header", async () => {
      const res = await http.post(buyUrl(), bundle(), guardian.token, keyed("twice"));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/headers/);
    });

    it("without a key, a repeat within seconds is the same purchase until it is paid", async () => {
      const before = (await paymentsOf(learner.id)).length;
      const [first, second] = await Promise.all([
        http.post(buyUrl(), bundle(), guardian.token),
        http.post(buyUrl(), bundle(), guardian.token),
      ]);
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(second.body.payment.id).toBe(first.body.payment.id);
      expect(await paymentsOf(learner.id)).toHaveLength(before + 1);

      // Paid: a new purchase of the same bundle is one made on purpose.
      const paymentId: string = first.body.payment.id;
      expect(
        (await http.post(`/api/guardian/payments/${paymentId}/confirm`, undefined, guardian.token)).status,
      ).toBe(200);
      const later = await http.post(buyUrl(), bundle(), guardian.token);
      expect(later.status).toBe(201);
      expect(later.body.payment.id).not.toBe(paymentId);
    });
  });

  describe("a student paying", () => {
    it("bundle: one key, two requests at once, one payment and one bundle", async () => {
      const student = await aStudent(t);
      const key = randomUUID();
      const answers = await Promise.all([
        http.post("/api/student/bundles/purchase", bundle(), student.token, keyed(key)),
        http.post("/api/student/bundles/purchase", bundle(), student.token, keyed(key)),
      ]);
      expect(answers.map((a) => a.status)).toEqual([201, 201]);
      expect(answers[1]?.body).toEqual(answers[0]?.body);
      const paymentId: string = answers[0]?.body.payment.id;
      const confirmKey = randomUUID();
      const confirmed = await Promise.all([
        http.post(`/api/student/bundles/confirm/${paymentId}`, undefined, student.token, keyed(confirmKey)),
        http.post(`/api/student/bundles/confirm/${paymentId}`, undefined, student.token, keyed(confirmKey)),
      ]);
      expect(confirmed.map((c) => c.status)).toEqual([200, 200]);
      expect(await paymentsOf(student.id)).toHaveLength(1);
      expect(await bundlesOf(student.id)).toHaveLength(1);
      // Without a key a student's purchase is what it always was: each request a purchase of its own.
      expect((await http.post("/api/student/bundles/purchase", bundle(), student.token)).status).toBe(201);
      expect(await paymentsOf(student.id)).toHaveLength(2);
    });

    it("lessons: one key, two requests at once, one hold and one invoice", async () => {
      const student = await aStudent(t);
      const [slot] = await listSlots(http, student.token, { date: nextWeekday(), instructorId });
      if (!slot) throw new Error("no free slot");
      const request = { bookings: [asBooking(slot)] };
      const key = randomUUID();
      const answers = await Promise.all([
        http.post("/api/student/bookings/batch", request, student.token, keyed(key)),
        http.post("/api/student/bookings/batch", request, student.token, keyed(key)),
      ]);
      expect(answers.map((a) => a.status)).toEqual([201, 201]);
      expect(answers[1]?.body).toEqual(answers[0]?.body);
      const opened = await paymentsOf(student.id);
      expect(opened.map((p) => p.invoiceNumber)).toEqual([answers[0]?.body.payment.invoiceNumber]);
    });

    it("a refused request leaves its key free: the corrected retry with it goes through", async () => {
      const student = await aStudent(t);
      const key = randomUUID();
      const refused = await http.post(
        "/api/student/bundles/purchase",
        { ...bundle(), pricePerLesson: 1 },
        student.token,
        keyed(key),
      );
      expect(refused.status).toBe(400);
      const bought = await http.post("/api/student/bundles/purchase", bundle(), student.token, keyed(key));
      expect(bought.status).toBe(201);
      expect(bought.headers["idempotent-replayed"]).toBeUndefined();
    });
  });
});

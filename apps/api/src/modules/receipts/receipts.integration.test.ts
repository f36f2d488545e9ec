import type { StudentPayment } from "@kerb/shared";
import { formatAud, formatSydneyDate, formatSydneyTime, gstCents, invoiceTotals } from "@kerb/shared/rules";
import { BUNDLE_CREDIT_TERMS, CANCELLATION_TERMS } from "@kerb/shared/words";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import * as schema from "../../db/schema/index.ts";
import {
  asBooking,
  holdLesson,
  type ListedSlot,
  listSlots,
  registerStudent,
  weekdayAhead,
} from "../../test/booking-fixtures.ts";
import { startFakeStripe } from "../../test/fake-stripe.ts";
import { api } from "../../test/http.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { listStudentPayments } from "./list-student-payments.ts";

const cents = (dollars: number) => Math.round(dollars * 100);

describeEachDatabase("receipts and tax invoices", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let instructor: { id: string; token: string };
  let student: { accessToken: string; user: { id: string } };
  let slots: { pool: ListedSlot; standard: ListedSlot };
  let batch: StudentPayment;
  let bundle: StudentPayment;
  let lessonIds: string[];

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    const login = await http.login("instructor@demo.test");
    instructor = { id: login.user.id, token: login.accessToken };
    student = await registerStudent(http, { firstName: "Priya", lastName: "Receipt" });

    // Daniel Cooper ($75/h, pool hours opted in): one pool-hours lesson and one at the standard rate.
    const day = await listSlots(http, student.accessToken, {
      date: weekdayAhead(t.clock.now, 5),
      instructorId: instructor.id,
    });
    const pool = day.find((s) => s.isPoolHours);
    const standard = day.find((s) => !s.isPoolHours);
    if (!pool || !standard) throw new Error("expected a pool and a standard slot");
    slots = { pool, standard };
    const held = await http.post(
      "/api/student/bookings/batch",
      { bookings: [asBooking(standard), asBooking(pool)] },
      student.accessToken,
    );
    expect(held.status).toBe(201);
    const confirmed = await http.post(
      `/api/student/bookings/batch/confirm/${held.body.payment.id}`,
      undefined,
      student.accessToken,
    );
    expect(confirmed.status).toBe(200);
    lessonIds = confirmed.body.payment.lessons.map((l: { id: string }) => l.id);

    t.clock.advanceMinutes(5);
    const bought = await http.post(
      "/api/student/bundles/purchase",
      { totalLessons: 10, pricePerLesson: 70, instructorId: instructor.id },
      student.accessToken,
    );
    expect(bought.status).toBe(201);
    const paid = await http.post(
      `/api/student/bundles/confirm/${bought.body.payment.id}`,
      undefined,
      student.accessToken,
    );
    expect(paid.status).toBe(200);

    const list = await http.get("/api/student/payments", student.accessToken);
    expect(list.status).toBe(200);
    [bundle, batch] = list.body.payments;
  });
  afterAll(() => t.close());

  async function invoice(paymentId: string, token = student.accessToken) {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/student/payments/${paymentId}/invoice.pdf`,
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.statusCode, headers: res.headers, pdf: res.rawPayload, json: () => res.json() };
  }

  it("lists the paid batch and the paid bundle, newest first, with what they bought and their amounts", async () => {
    const expected = invoiceTotals([cents(slots.standard.price), cents(slots.pool.price)]);
    expect(slots.pool.price).toBe(48.75); // 65% of $75
    expect(batch).toMatchObject({
      type: "BOOKINGS",
      status: "PAID",
      description: "2 driving lessons with Daniel Cooper",
      subtotal: expected.subtotalCents / 100,
      gst: expected.gstCents / 100,
      amount: expected.totalCents / 100,
      refunded: 0,
      refunds: [],
      invoiceUrl: `/api/student/payments/${batch.id}/invoice.pdf`,
    });
    expect(batch.invoiceNumber).toMatch(/^KRB-\d{8}-[A-Z0-9]{6}$/);
    expect(bundle).toMatchObject({
      type: "BUNDLE",
      status: "PAID",
      description: "10-lesson bundle with Daniel Cooper",
      subtotal: 700,
      gst: 70,
      amount: 770,
      refunded: 0,
      invoiceUrl: `/api/student/payments/${bundle.id}/invoice.pdf`,
    });
    expect(new Date(bundle.createdAt).getTime()).toBeGreaterThan(new Date(batch.createdAt).getTime());
    expect(batch.paidAt).not.toBeNull();
  });

  it("shows an open checkout without an invoice, and never another student's payments", async () => {
    const other = await registerStudent(http);
    const [slot] = await listSlots(http, other.accessToken, {
      date: weekdayAhead(t.clock.now, 6),
      instructorId: instructor.id,
    });
    if (!slot) throw new Error("no slot");
    const held = await http.post(
      "/api/student/bookings/batch",
      { bookings: [asBooking(slot)] },
      other.accessToken,
    );
    expect(held.status).toBe(201);

    const theirs = await http.get("/api/student/payments", other.accessToken);
    expect(theirs.body.payments).toEqual([
      expect.objectContaining({
        id: held.body.payment.id,
        status: "PENDING",
        description: "1 driving lesson with Daniel Cooper",
        invoiceUrl: null,
      }),
    ]);
    const mine = await http.get("/api/student/payments", student.accessToken);
    expect(mine.body.payments.map((p: StudentPayment) => p.id)).toEqual([bundle.id, batch.id]);

    // Unpaid: no tax invoice yet (409), to its owner; to anyone else it does not exist (404).
    const unpaid = await invoice(held.body.payment.id, other.accessToken);
    expect(unpaid.status).toBe(409);
    expect(unpaid.json().error.code).toBe("invalid_state");
    const foreign = await invoice(held.body.payment.id);
    expect(foreign.status).toBe(404);

    // Once the hold lapses the abandoned checkout leaves the list, swept or not.
    t.clock.advanceMinutes(31);
    expect((await http.get("/api/student/payments", other.accessToken)).body.payments).toEqual([]);
  });

  it("makes a PDF tax invoice of a paid batch: supplier, ABN, number, buyer, each lesson, GST and total", async () => {
    const res = await invoice(batch.id);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="Kerb-tax-invoice-${batch.invoiceNumber}.pdf"`,
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.pdf.subarray(0, 5).toString()).toBe("%PDF-");

    const text = pdfText(res.pdf);
    expect(text).toContain("Tax invoice");
    expect(text).toContain("Kerb Driving Pty Ltd");
    expect(text).toContain("ABN 00 000 000 000 (demo ABN)");
    expect(text).toContain("Demonstration ABN");
    expect(text).toContain(batch.invoiceNumber);
    expect(text).toContain(`DATE OF ISSUE ${formatSydneyDate(new Date(batch.paidAt ?? ""))}`);
    expect(text).toMatch(/Priya Receipt learner\.\w+@example\.com/);
    for (const slot of [slots.standard, slots.pool]) {
      const start = new Date(slot.startTime);
      expect(text).toContain(`${formatSydneyDate(start)}, ${formatSydneyTime(start)}`);
    }
    expect(text).toContain("Instructor: Daniel Cooper · Pool hours rate");
    expect(text).toContain("Instructor: Daniel Cooper · Standard rate");
    expect(text).toContain("$48.75");
    expect(text).toContain(`Subtotal (ex GST) ${formatAud(cents(batch.subtotal))}`);
    expect(text).toContain(`GST (10%) ${formatAud(cents(batch.gst))}`);
    expect(text).toContain(`Total (incl. GST) ${formatAud(cents(batch.amount))}`);
    expect(text).toContain("no card was charged");
    expect(text).not.toContain("Adjustment notes");
    expect(text).not.toContain("Credit note");
  });

  it("makes a PDF tax invoice of a bundle: quantity × per-lesson price", async () => {
    const res = await invoice(bundle.id);
    expect(res.status).toBe(200);
    const text = pdfText(res.pdf);
    expect(text).toContain("Tax invoice");
    expect(text).toContain(bundle.invoiceNumber);
    expect(text).toContain("10-lesson bundle with Daniel Cooper");
    expect(text).toMatch(/Prepaid lesson credits, valid until \d{2}\/\d{2}\/\d{4}/);
    // pdftotext may read the "Amount (ex GST)" heading in among the row it heads (its layout guess).
    expect(text).toMatch(/ 10 (Amount \(ex GST\) )?\$70\.00 (Amount \(ex GST\) )?\$700\.00/);
    expect(text).toContain("GST (10%) $70.00");
    expect(text).toContain("Total (incl. GST) $770.00");
    // The spec's terms, and what they mean for a credit: it goes back whole or is used, never halved.
    expect(text).toContain(`Cancellation terms • ${CANCELLATION_TERMS[0]}`);
    expect(text).toContain(`Lessons paid with this bundle's credits • ${BUNDLE_CREDIT_TERMS[0]}`);
    expect(text).toContain(BUNDLE_CREDIT_TERMS[1]);
  });

  it("after the instructor cancels a lesson, lists the refund and adds an adjustment note to the invoice", async () => {
    const lessonId = lessonIds[0];
    const cancelled = await http.post(
      `/api/instructor/lessons/${lessonId}/cancel`,
      { reason: "Car off the road" },
      instructor.token,
    );
    expect(cancelled.status).toBe(200);
    // An instructor cancellation refunds in full: the lesson's price plus the GST charged on it.
    const standardCents = cents(slots.standard.price);
    const refundCents = standardCents + gstCents(standardCents);
    expect(cancelled.body.refund).toBe(refundCents / 100);

    const list = await http.get("/api/student/payments", student.accessToken);
    const after: StudentPayment = list.body.payments.find((p: StudentPayment) => p.id === batch.id);
    expect(after).toMatchObject({
      status: "PAID",
      refunded: refundCents / 100,
      refunds: [{ amount: refundCents / 100, status: "SUCCEEDED", bookingId: lessonId }],
      invoiceUrl: `/api/student/payments/${batch.id}/invoice.pdf`,
    });

    const text = pdfText((await invoice(batch.id)).pdf);
    // The ATO's word: a refund on a tax invoice is an adjustment note, not a credit note.
    expect(text).toContain("Adjustment notes (refunds)");
    expect(text).not.toContain("Credit note");
    expect(text).toContain(`${batch.invoiceNumber}-CN1`);
    const start = new Date(slots.standard.startTime);
    expect(text).toContain(`Cancelled lesson, ${formatSydneyDate(start)} ${formatSydneyTime(start)}`);
    expect(text).toContain(`Refunded ${formatAud(gstCents(standardCents))} ${formatAud(refundCents)}`);
    expect(text).toContain(`Less refunds (incl. GST) -${formatAud(refundCents)}`);
    expect(text).toContain(`Net amount paid (incl. GST) ${formatAud(cents(batch.amount) - refundCents)}`);
    // The original lines and totals stay: an adjustment note adjusts an invoice, it does not rewrite it.
    expect(text).toContain(`Total (incl. GST) ${formatAud(cents(batch.amount))}`);
  });

  it("lists in three statements however many payments there are", async () => {
    // A second drizzle instance on the same connection, whose logger counts every statement.
    const client = (t.database.db as unknown as { $client: never }).$client;
    let queries = 0;
    const logger = { logQuery: () => void queries++ };
    const db = (kind === "pglite"
      ? drizzlePglite({ client, schema, casing: "snake_case", logger })
      : drizzlePg({ client, schema, casing: "snake_case", logger })) as unknown as Database;
    const ctx = { db, env: t.env, now: () => t.clock.now } as AppContext;
    const count = async () => {
      queries = 0;
      const { payments } = await listStudentPayments(ctx, student.user.id);
      return { payments: payments.length, queries };
    };
    const before = await count();
    for (const lessons of [5, 10]) {
      const bought = await http.post(
        "/api/student/bundles/purchase",
        { totalLessons: lessons, pricePerLesson: lessons === 5 ? 75 : 70 },
        student.accessToken,
      );
      expect(bought.status).toBe(201);
    }
    const after = await count();
    expect(after.payments).toBe(before.payments + 2);
    expect(after.queries).toBe(before.queries);
    expect(after.queries).toBe(3);
  });

  describe("who may have a tax invoice", () => {
    it("answers another student's payment as not found, and a malformed id as a bad request", async () => {
      const other = await registerStudent(http);
      const foreign = await invoice(batch.id, other.accessToken);
      expect(foreign.status).toBe(404);
      expect(foreign.headers["content-type"]).toMatch(/application\/json/);
      expect(foreign.json().error.code).toBe("payment_not_found");

      const unknown = await invoice("5b0c1f62-3a57-4c4e-9d0e-1e2f3a4b5c6d");
      expect(unknown.status).toBe(404);
      expect(unknown.json().error.code).toBe("payment_not_found");

      const malformed = await invoice("not-a-uuid");
      expect(malformed.status).toBe(400);
      expect(malformed.json().error.code).toBe("validation_error");
    });

    it("is for students only, signed in", async () => {
      expect((await invoice(batch.id, instructor.token)).status).toBe(403);
      expect((await http.get("/api/student/payments", instructor.token)).status).toBe(403);
      const anonymous = await t.app.inject({
        method: "GET",
        url: `/api/student/payments/${batch.id}/invoice.pdf`,
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await http.get("/api/student/payments")).status).toBe(401);
    });
  });
});

describeEachDatabase("a tax invoice for a card charged after its hold lapsed (local fake Stripe)", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp(kind, {
      seed: true,
      env: { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_kerb", STRIPE_API_BASE: stripe.url },
    });
    http = api(t.app);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it("lists the payment as refunded and credits the whole charge on its invoice", async () => {
    const instructorId = (await http.login("instructor@demo.test")).user.id;
    const student = await registerStudent(http, { firstName: "Lapsed", lastName: "Hold" });
    const { paymentId } = await holdLesson(http, student.accessToken, {
      date: weekdayAhead(t.clock.now, 4),
      instructorId,
    });
    const session = [...stripe.sessions.values()].find((s) => s.metadata.paymentId === paymentId);
    if (!session) throw new Error("no session");
    t.clock.advanceMinutes(31); // the card is charged after the 30-minute hold has lapsed
    stripe.pay(session.id);
    await http.post(`/api/student/bookings/batch/confirm/${paymentId}`, undefined, student.accessToken);

    const list = await http.get("/api/student/payments", student.accessToken);
    const [payment] = list.body.payments as StudentPayment[];
    expect(payment).toMatchObject({
      id: paymentId,
      status: "REFUNDED",
      paidAt: null,
      refunded: payment?.amount,
      refunds: [{ amount: payment?.amount, status: "SUCCEEDED", bookingId: null }],
      invoiceUrl: `/api/student/payments/${paymentId}/invoice.pdf`,
    });

    const res = await t.app.inject({
      method: "GET",
      url: `/api/student/payments/${paymentId}/invoice.pdf`,
      headers: { authorization: `Bearer ${student.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    const amount = formatAud(cents(payment?.amount ?? 0));
    expect(text).toContain("Paid by card on");
    expect(text).toContain(`Total (incl. GST) ${amount}`);
    expect(text).toContain("Whole payment: the lesson times were no longer held");
    expect(text).toContain(`Less refunds (incl. GST) -${amount}`);
    expect(text).toContain("Net amount paid (incl. GST) $0.00");
    expect(text).toContain("GST in the net amount $0.00");
  });
});

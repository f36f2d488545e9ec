import { INVOICE_NUMBER_PATTERN } from "@kerb/shared";
import { afterAll, beforeAll, expect, it } from "vitest";
import { asBooking, listSlots, registerStudent, weekdayAhead } from "../../test/booking-fixtures.ts";
import { newInstructor } from "../../test/fixtures/instructor-fixtures.ts";
import { type Http, startSeededApp } from "../../test/seeded-app.ts";
import { describeEachDatabase, type TestApp } from "../../test/test-app.ts";

describeEachDatabase("the invoice screen's number", (kind) => {
  let t: TestApp;
  let http: Http;
  beforeAll(async () => {
    ({ t, http } = await startSeededApp(kind));
  });
  afterAll(() => t.close());

  const openInvoice = async (token: string, shown?: { number: string; key: string }) => {
    const res = await http.post("/api/student/invoices", shown ? { invoice: shown } : undefined, token);
    expect(res.status).toBe(200);
    return res.body as {
      invoice: { number: string; key: string };
      issuedOn: string;
      supplier: { abn: string };
    };
  };
  const holdFirstSlot = async (token: string, invoice?: { number: string; key: string }) => {
    const [slot] = await listSlots(http, token, { date: weekdayAhead(t.clock.now, 4) });
    if (!slot) throw new Error("no free slot");
    return http.post("/api/student/bookings/batch", { bookings: [asBooking(slot)], invoice }, token);
  };

  it("numbers the invoice when it opens, with the supplier's ABN, and the payment carries that number", async () => {
    const student = await registerStudent(http);
    const opened = await openInvoice(student.accessToken);
    expect(opened.invoice.number).toMatch(INVOICE_NUMBER_PATTERN);
    expect(opened.issuedOn).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(opened.supplier.abn).toBe(t.env.SUPPLIER_ABN);

    const held = await holdFirstSlot(student.accessToken, opened.invoice);
    expect(held.status).toBe(201);
    expect(held.body.payment.invoiceNumber).toBe(opened.invoice.number);

    // Paying again after that payment is gone gets a new number: one number, one payment.
    const again = await http.post(
      "/api/student/bundles/purchase",
      { totalLessons: 10, pricePerLesson: 70, invoice: opened.invoice },
      student.accessToken,
    );
    expect(again.status).toBe(201);
    expect(again.body.payment.invoiceNumber).toMatch(INVOICE_NUMBER_PATTERN);
    expect(again.body.payment.invoiceNumber).not.toBe(opened.invoice.number);
  });

  it("puts the opened number on a bundle purchase too", async () => {
    const student = await registerStudent(http);
    const opened = await openInvoice(student.accessToken);
    const bought = await http.post(
      "/api/student/bundles/purchase",
      { totalLessons: 10, pricePerLesson: 70, invoice: opened.invoice },
      student.accessToken,
    );
    expect(bought.status).toBe(201);
    expect(bought.body.payment.invoiceNumber).toBe(opened.invoice.number);
  });

  it("never takes a number it did not issue to this student", async () => {
    const owner = await registerStudent(http);
    const other = await registerStudent(http);
    const opened = await openInvoice(owner.accessToken);

    const someoneElses = await holdFirstSlot(other.accessToken, opened.invoice);
    expect(someoneElses.status).toBe(201);
    expect(someoneElses.body.payment.invoiceNumber).not.toBe(opened.invoice.number);

    const forged = await http.post(
      "/api/student/bundles/purchase",
      {
        totalLessons: 10,
        pricePerLesson: 70,
        invoice: { number: "KRB-20991231-ABCDEF", key: opened.invoice.key },
      },
      owner.accessToken,
    );
    expect(forged.status).toBe(201);
    expect(forged.body.payment.invoiceNumber).not.toBe("KRB-20991231-ABCDEF");

    // The owner can still use theirs: the attempts above did not spend it.
    const own = await holdFirstSlot(owner.accessToken, opened.invoice);
    expect(own.body.payment.invoiceNumber).toBe(opened.invoice.number);
  });

  it("shows one checkout's number again each time its invoice opens, and a new checkout a new one", async () => {
    const student = await registerStudent(http);
    const first = await openInvoice(student.accessToken);
    const reopened = await openInvoice(student.accessToken, first.invoice);
    expect(reopened.invoice).toEqual(first.invoice);
    expect((await openInvoice(student.accessToken, reopened.invoice)).invoice).toEqual(first.invoice);

    // A new checkout sends no number: it gets its own.
    const fresh = await openInvoice(student.accessToken);
    expect(fresh.invoice.number).not.toBe(first.invoice.number);

    // Someone else's number, or a forged key, is not shown again: a new one instead.
    const other = await registerStudent(http);
    expect((await openInvoice(other.accessToken, first.invoice)).invoice.number).not.toBe(
      first.invoice.number,
    );
    const forged = { number: first.invoice.number, key: fresh.invoice.key };
    expect((await openInvoice(student.accessToken, forged)).invoice.number).not.toBe(first.invoice.number);

    // Once a payment carries the number, reopening the invoice numbers the next purchase afresh.
    const held = await holdFirstSlot(student.accessToken, first.invoice);
    expect(held.body.payment.invoiceNumber).toBe(first.invoice.number);
    const after = await openInvoice(student.accessToken, first.invoice);
    expect(after.invoice.number).toMatch(INVOICE_NUMBER_PATTERN);
    expect(after.invoice.number).not.toBe(first.invoice.number);

    const malformed = await http.post(
      "/api/student/invoices",
      { invoice: { number: "INV-1", key: "x" } },
      student.accessToken,
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("validation_error");
  });

  it("answers 400 for a malformed number, and only students may open an invoice", async () => {
    const student = await registerStudent(http);
    const bad = await http.post(
      "/api/student/bundles/purchase",
      { totalLessons: 10, pricePerLesson: 70, invoice: { number: "INV-1", key: "x" } },
      student.accessToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_error");

    expect((await http.post("/api/student/invoices", undefined)).status).toBe(401);
    const instructor = await newInstructor(http, t.database.db);
    expect((await http.post("/api/student/invoices", undefined, instructor.token)).status).toBe(403);
  });
});

import { describe, expect, it } from "vitest";
import type { PayoutStatement } from "../../modules/payouts/statement.ts";
import { renderStatementPdf } from "../../modules/payouts/statement-pdf.ts";
import { renderTaxInvoicePdf, type TaxInvoice } from "../../modules/receipts/tax-invoice-pdf.ts";
import { pdfText } from "../../test/pdf-text.ts";

const NAMES = [
  "Nguyễn Thị Hồng",
  "Γιώργος Παπαδόπουλος",
  "Иван Петров",
  "محمد الحسيني",
  "李小龙",
  "김민준",
  "प्रिया शर्मा",
];
const ARABIC = "محمد الحسيني";
const HINDI = "प्रिया शर्मा";

/**
 * What a reader copies out of the PDF. pdftotext wraps right-to-left text in bidi embedding marks
 * (U+202B … U+202C), invisible once pasted: they are dropped here. The Arabic name itself reads back in
 * typed order, but pdftotext moves the neutral characters beside it (a space, "·", an emoji) into the
 * right-to-left stretch, so for that name only the name is asserted, not its neighbours.
 * Devanagari reads back in the order its glyphs are drawn: the vowel sign "ि" before the cluster it
 * follows in the text ("प्र"), and "र्" (drawn as a mark over "मा") after it. That is what pdftotext
 * gives and so what a poppler-based reader copies; it is mapped back to the typed name here.
 */
const DRAWN_HINDI = "िप्रया शमार्";
const readBack = async (pdf: Promise<Buffer>) =>
  pdfText(await pdf)
    .replace(/[\u202A-\u202E]/g, "")
    .replaceAll(DRAWN_HINDI, HINDI);

// Short enough for one printed line: pdftotext reads a wrapped table cell out of order.
const pickup = (i: number, name: string) => `Pickup ${i + 1} ${name} St`;

function invoiceFor(student: string): TaxInvoice {
  return {
    supplier: { name: "Learn Safe Pty Ltd", abn: "51 824 753 556" },
    isDemoSupplier: false,
    invoiceNumber: "KRB-20261123-PGHZVW",
    issuedOn: "23/11/2026",
    buyer: { name: student, email: "learner@example.com", phone: null },
    lines: NAMES.map((name, i) => ({
      description: pickup(i, name),
      detail: `Instructor: ${name} · Standard rate`,
      quantity: 1,
      unitCents: 7500,
      amountCents: 7500,
    })),
    subtotalCents: 52500,
    gstCents: 5250,
    totalCents: 57750,
    creditNotes: [],
    refundedCents: 0,
    paymentNote: "Paid by card on 23/11/2026.",
    terms: [],
  };
}

function statementFor(instructor: string): PayoutStatement {
  return {
    number: "PS-20261130-ABCDEF",
    issuedOn: "30/11/2026",
    periodStart: "23/11/2026",
    periodEnd: "29/11/2026",
    agreement: null,
    recipient: { name: "Kerb Driving Pty Ltd", abn: "51824753556" },
    isDemoRecipient: false,
    supplier: { name: instructor, email: "instructor@example.com", abn: null, gstRegistered: false },
    lines: NAMES.map((name, i) => ({
      bookingId: `booking-${i}`,
      date: "24/11/2026",
      time: "9:00 am – 10:00 am",
      description: pickup(i, name),
      student: name,
      grossCents: 7500,
      feeCents: 1125,
      amountCents: 6375,
      gstCents: 0,
    })),
    grossCents: 52500,
    feeCents: 7875,
    amountCents: 44625,
    gstCents: 0,
    totalCents: 44625,
    status: "PAID",
    paidOn: "30/11/2026",
    provider: "demo",
  };
}

describe("every name prints", () => {
  it("a tax invoice reads back each student, instructor and pickup address as typed", async () => {
    for (const student of NAMES) {
      const text = await readBack(renderTaxInvoicePdf(invoiceFor(student)));
      expect(text).toContain(student);
      for (const [i, name] of NAMES.entries()) {
        if (name === ARABIC) {
          expect(text.split(ARABIC).length - 1).toBeGreaterThanOrEqual(2);
          continue;
        }
        expect(text).toContain(pickup(i, name));
        expect(text).toContain(`Instructor: ${name} · Standard rate`);
      }
      expect(text).not.toMatch(/[?\uFFFD]/);
    }
  });

  it("a payout statement reads back the instructor, each student and pickup address as typed", async () => {
    for (const instructor of NAMES) {
      const text = await readBack(renderStatementPdf(statementFor(instructor)));
      expect(text).toContain(instructor);
      for (const [i, name] of NAMES.entries()) {
        if (name === ARABIC) continue;
        expect(text).toContain(pickup(i, name));
        expect(text).toContain(`9:00 am – 10:00 am · ${name}`);
      }
      expect(text.split(ARABIC).length - 1).toBeGreaterThanOrEqual(2);
      expect(text).not.toMatch(/[?\uFFFD]/);
    }
  });

  it("prints an emoji in a name as a pictogram, and keeps the file small: only the glyphs used go in", async () => {
    const pdf = await renderTaxInvoicePdf(invoiceFor("Zoë 🚗 Nguyễn"));
    expect(await readBack(Promise.resolve(pdf))).toContain("Zoë 🚗 Nguyễn");
    // Whole, the Chinese font alone is 10 MB; its subset here is a few kilobytes.
    expect(pdf.byteLength).toBeLessThan(100_000);
  });
});

import { describe, expect, it } from "vitest";
import { pdfText } from "../../test/pdf-text.ts";
import { renderTaxInvoicePdf, type TaxInvoice } from "./tax-invoice-pdf.ts";

function invoice(overrides: Partial<TaxInvoice> = {}): TaxInvoice {
  return {
    supplier: { name: "Learn Safe Pty Ltd", abn: "51 824 753 556" },
    isDemoSupplier: false,
    invoiceNumber: "KRB-20261123-PGHZVW",
    issuedOn: "23/11/2026",
    buyer: { name: "Sam Learner", email: "sam@example.com", phone: "0400 000 000" },
    lines: [
      {
        description: "Driving lesson, Mon 30/11/2026, 8:00 am – 9:00 am",
        detail: "Instructor: Daniel Cooper · Standard rate",
        quantity: 1,
        unitCents: 7500,
        amountCents: 7500,
      },
    ],
    subtotalCents: 7500,
    gstCents: 750,
    totalCents: 8250,
    creditNotes: [],
    refundedCents: 0,
    paymentNote: "Paid by card on 23/11/2026.",
    terms: [],
    ...overrides,
  };
}

describe("tax invoice PDF layout", () => {
  it("names the learner a guardian paid for under the buyer, and no one otherwise", async () => {
    const forLearner = pdfText(
      await renderTaxInvoicePdf(
        invoice({
          buyer: { name: "Mei Li", email: "mei@example.com", phone: null },
          forLearner: "Sam Learner",
        }),
      ),
    );
    expect(forLearner).toMatch(/BILLED TO[\s\S]*Mei Li[\s\S]*FOR LEARNER\s+Sam Learner/);
    expect(pdfText(await renderTaxInvoicePdf(invoice()))).not.toContain("FOR LEARNER");
  });

  it("prints each terms section under its heading", async () => {
    const text = pdfText(
      await renderTaxInvoicePdf(
        invoice({
          terms: [
            { title: "Cancellation terms", lines: ["Cancel early: full refund."] },
            { title: "Lessons paid with this bundle's credits", lines: ["Cancel late: the credit is used."] },
          ],
        }),
      ),
    );
    expect(text).toContain("Cancellation terms • Cancel early: full refund.");
    expect(text).toContain("Lessons paid with this bundle's credits • Cancel late: the credit is used.");
  });

  it("prints a configured supplier without the demonstration warning", async () => {
    const text = pdfText(await renderTaxInvoicePdf(invoice()));
    expect(text).toContain("Tax invoice");
    expect(text).toContain("Learn Safe Pty Ltd ABN 51 824 753 556");
    expect(text).not.toMatch(/demonstration/i);
    expect(text).toContain("Paid by card on 23/11/2026.");
    expect(text).toContain("Page 1 of 1");
  });

  it("carries a long invoice over pages: column headings again, every page numbered and named", async () => {
    const line = invoice().lines[0];
    if (!line) throw new Error("fixture has a line");
    const lines = Array.from({ length: 45 }, () => line);
    const text = pdfText(
      await renderTaxInvoicePdf(
        invoice({ lines, subtotalCents: 45 * 7500, gstCents: 33750, totalCents: 371250 }),
      ),
    );
    const pages = text.match(/Tax invoice KRB-20261123-PGHZVW · Page \d of (\d)/g) ?? [];
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)).toBe(`Tax invoice KRB-20261123-PGHZVW · Page ${pages.length} of ${pages.length}`);
    expect(text.match(/Unit price \(ex GST\)/g)).toHaveLength(pages.length);
    expect(text).toContain("Total (incl. GST) $3,712.50");
  });

  it("prints a name with its accents as typed", async () => {
    const text = pdfText(
      await renderTaxInvoicePdf(
        invoice({ buyer: { name: "Nguyễn Thị Đào", email: "dao@example.com", phone: null } }),
      ),
    );
    expect(text).toContain("Nguyễn Thị Đào");
  });
});

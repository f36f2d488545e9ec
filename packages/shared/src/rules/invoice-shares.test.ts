import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invoiceShares } from "./invoice-shares.ts";
import { invoiceTotals } from "./pricing.ts";

describe("invoiceShares", () => {
  it("splits a two-instructor checkout so the parts add up to the invoice to the cent", () => {
    // 2 pool lessons at $35.75 with one instructor, 3 at $48.75 with another.
    const parts = invoiceShares([2 * 3575, 3 * 4875]);
    const invoice = invoiceTotals([3575, 3575, 4875, 4875, 4875]);
    expect(parts).toEqual([
      { subtotalCents: 7150, gstCents: 715, totalCents: 7865 },
      { subtotalCents: 14625, gstCents: 1463, totalCents: 16088 },
    ]);
    expect(parts.reduce((n, p) => n + p.totalCents, 0)).toBe(invoice.totalCents);
  });

  it("always sums to the invoice's subtotal, GST and total", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 500_000 }), { minLength: 1, maxLength: 8 }), (parts) => {
        const shares = invoiceShares(parts);
        const invoice = invoiceTotals(parts);
        expect(shares.reduce((n, s) => n + s.gstCents, 0)).toBe(invoice.gstCents);
        expect(shares.reduce((n, s) => n + s.totalCents, 0)).toBe(invoice.totalCents);
      }),
    );
  });
});

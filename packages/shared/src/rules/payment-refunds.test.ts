import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { refundOfShare, unrefundedPayment, withRefund } from "./payment-refunds.ts";
import { invoiceTotals, poolRateCents } from "./pricing.ts";

function refundAll(prices: number[]) {
  let payment = unrefundedPayment(invoiceTotals(prices));
  const refunds = prices.map((price) => {
    const refund = refundOfShare(payment, price);
    payment = withRefund(payment, refund);
    return refund;
  });
  return { payment, refunds };
}

describe("refundOfShare", () => {
  it("three pool lessons at $35.75 give back exactly the $117.98 paid, GST $10.73", () => {
    const { payment, refunds } = refundAll([3575, 3575, 3575]);
    expect(payment.amountCents).toBe(11798);
    expect(refunds.map((r) => r.amountCents)).toEqual([3933, 3932, 3933]);
    expect(payment.refundedCents).toBe(11798);
    expect(payment.refundedGstCents).toBe(1073);
  });

  it("two lessons at $41.85 give back the $92.07 paid, not $92.08", () => {
    const { payment } = refundAll([4185, 4185]);
    expect(payment.amountCents).toBe(9207);
    expect(payment.refundedCents).toBe(9207);
    expect(payment.refundedGstCents).toBe(837);
  });

  it("a single lesson's full refund is its price plus the invoice's GST", () => {
    expect(refundOfShare(unrefundedPayment(invoiceTotals([7500])), 7500)).toEqual({
      amountCents: 8250,
      gstCents: 750,
    });
  });

  it("refuses a share larger than what is left of the subtotal", () => {
    const paid = unrefundedPayment(invoiceTotals([5000]));
    expect(() => refundOfShare(withRefund(paid, refundOfShare(paid, 5000)), 1)).toThrow(RangeError);
  });

  it("never gives back GST a legacy refund already over-returned", () => {
    // Refunds recorded before this rule: 2 × $39.33 with 2 × 358 GST on a $117.98 invoice.
    const legacy = {
      ...unrefundedPayment(invoiceTotals([3575, 3575, 3575])),
      refundedCents: 7866,
      refundedGstCents: 716,
    };
    const last = refundOfShare(legacy, 3575);
    expect(last).toEqual({ amountCents: 3932, gstCents: 357 });
  });

  it("property: any order of any shares never exceeds the payment, and all back nets to zero", () => {
    const price = fc.integer({ min: 1, max: 40_000 }).map((c) => (c % 2 ? poolRateCents(c) : c));
    const lesson = fc.record({ price, share: fc.constantFrom(1, 0.5, 0) });
    fc.assert(
      fc.property(fc.array(lesson, { minLength: 1, maxLength: 12 }), (lessons) => {
        const totals = invoiceTotals(lessons.map((l) => l.price));
        let payment = unrefundedPayment(totals);
        for (const l of lessons) {
          const refund = refundOfShare(payment, Math.round(l.price * l.share));
          expect(refund.gstCents).toBeLessThanOrEqual(refund.amountCents);
          payment = withRefund(payment, refund);
          expect(payment.refundedCents).toBeLessThanOrEqual(payment.amountCents);
          expect(payment.refundedGstCents).toBeLessThanOrEqual(payment.gstCents);
        }
        if (lessons.every((l) => l.share === 1)) {
          expect(payment.refundedCents).toBe(totals.totalCents);
          expect(payment.refundedGstCents).toBe(totals.gstCents);
        }
      }),
      { numRuns: 500 },
    );
  });
});

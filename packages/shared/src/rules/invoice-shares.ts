/**
 * One checkout's invoice in parts (the lessons of each instructor): GST is charged once on the invoice
 * subtotal, so a part's GST is the step its lessons make on the running subtotal, the way refunds give
 * GST back (payment-refunds.ts). The parts then add up to the invoice exactly, GST and all.
 */
import { gstCents, type InvoiceTotals } from "./pricing.ts";

/** Each part's subtotal, GST and total, in the order given; their sums are `invoiceTotals` of all lines. */
export function invoiceShares(partSubtotalsCents: readonly number[]): InvoiceTotals[] {
  let running = 0;
  return partSubtotalsCents.map((subtotalCents) => {
    if (!Number.isSafeInteger(subtotalCents) || subtotalCents < 0) {
      throw new RangeError(`An invoice part must be whole cents ≥ 0: ${subtotalCents}`);
    }
    const gstBefore = gstCents(running);
    running += subtotalCents;
    const gst = gstCents(running) - gstBefore;
    return { subtotalCents, gstCents: gst, totalCents: subtotalCents + gst };
  });
}

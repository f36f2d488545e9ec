/**
 * How a payment's money goes back. GST is charged once on the invoice subtotal (`invoiceTotals`), so it
 * is given back the same way: on the running total of the ex-GST shares refunded so far. Rounding each
 * refund's GST on its own would give back a cent more than was charged (three pool lessons at $35.75:
 * paid $117.98, refunded 3 × $39.33 = $117.99).
 */
import { gstCents, gstIncludedCents } from "./pricing.ts";

/** What a card payment charged and what it has given back so far (all cents, GST included where named). */
export interface PaymentRefundState {
  subtotalCents: number;
  gstCents: number;
  amountCents: number;
  /** Sum of the payment's card refunds so far, GST included. */
  refundedCents: number;
  /** The GST part of `refundedCents`, as each refund stored it. */
  refundedGstCents: number;
}

export interface RefundAmount {
  /** Back to the card, GST included. */
  amountCents: number;
  /** The GST part of `amountCents`. */
  gstCents: number;
}

/**
 * The card refund of an ex-GST `shareCents` of a payment's subtotal. Its GST is the step in
 * `gstCents(shares refunded)` that this share makes, so the refunds of a payment never exceed it and the
 * one that gives back the last of the subtotal takes exactly the remainder (amount and GST).
 * Throws when the share would take back more than is left of the subtotal.
 */
export function refundOfShare(payment: PaymentRefundState, shareCents: number): RefundAmount {
  if (!Number.isSafeInteger(shareCents) || shareCents < 0) {
    throw new RangeError(`A refund share must be whole cents ≥ 0: ${shareCents}`);
  }
  if (shareCents === 0) return { amountCents: 0, gstCents: 0 };
  const sharesBefore = payment.refundedCents - payment.refundedGstCents;
  const sharesAfter = sharesBefore + shareCents;
  if (sharesAfter > payment.subtotalCents) {
    throw new RangeError(
      `Refunding ${shareCents} would give back more than the payment's subtotal (${payment.subtotalCents}, ${sharesBefore} refunded)`,
    );
  }
  const gstAfter =
    sharesAfter === payment.subtotalCents
      ? payment.gstCents
      : Math.min(gstCents(sharesAfter), payment.gstCents);
  // Refunds recorded before GST was refunded this way may already hold more GST than the running rule.
  const gst = Math.max(0, gstAfter - payment.refundedGstCents);
  const amount = Math.min(shareCents + gst, payment.amountCents - payment.refundedCents);
  return { amountCents: amount, gstCents: Math.min(gst, amount) };
}

/** A payment's state before any refund: what a lesson's full refund would be on its own invoice. */
export function unrefundedPayment(totals: { subtotalCents: number; gstCents: number }): PaymentRefundState {
  return {
    subtotalCents: totals.subtotalCents,
    gstCents: totals.gstCents,
    amountCents: totals.subtotalCents + totals.gstCents,
    refundedCents: 0,
    refundedGstCents: 0,
  };
}

/** The state after `refund` was given back. */
export function withRefund(payment: PaymentRefundState, refund: RefundAmount): PaymentRefundState {
  return {
    ...payment,
    refundedCents: payment.refundedCents + refund.amountCents,
    refundedGstCents: payment.refundedGstCents + refund.gstCents,
  };
}

/**
 * The GST in what the card provider actually charged: the invoice's GST when it charged the invoice
 * (always, in practice), otherwise the GST inside the charged amount. A charge for holds that had lapsed
 * is refunded whole with this GST.
 */
export function gstOfCharge(
  invoice: { amountCents: number; gstCents: number },
  chargedCents: number,
): number {
  return chargedCents === invoice.amountCents ? invoice.gstCents : gstIncludedCents(chargedCents);
}

/**
 * A payment's statuses as data: which status may follow which. The payments module checks every status
 * change here and repeats the `from` in its SQL. A payment is settled once PAID, FAILED or REFUNDED;
 * its card refunds after PAID add up on the payment (rules/payment-refunds.ts) without changing it.
 */
import type { PaymentStatus } from "../constants.ts";

export const PAYMENT_TRANSITIONS = {
  /** Paid, or given up: the hold lapsed (EXPIRED), the provider refused (FAILED), the student let go (CANCELLED). */
  PENDING: ["PAID", "EXPIRED", "FAILED", "CANCELLED"],
  PAID: [],
  FAILED: [],
  /** Charged after all, for lessons no longer held: the whole charge goes back. */
  EXPIRED: ["REFUNDED"],
  CANCELLED: ["REFUNDED"],
  REFUNDED: [],
} as const satisfies Record<PaymentStatus, readonly PaymentStatus[]>;

export function canChangePaymentStatus(from: PaymentStatus, to: PaymentStatus): boolean {
  return (PAYMENT_TRANSITIONS[from] as readonly PaymentStatus[]).includes(to);
}

/** The statuses a payment may move to `to` from. */
export function paymentStatusesBefore(to: PaymentStatus): PaymentStatus[] {
  return (Object.keys(PAYMENT_TRANSITIONS) as PaymentStatus[]).filter((from) =>
    canChangePaymentStatus(from, to),
  );
}

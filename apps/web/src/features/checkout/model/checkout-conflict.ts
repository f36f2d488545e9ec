import { isApiError } from "@/lib/api-error";

/** Failures that mean some chosen lessons can no longer be booked as they are. */
const STALE_SELECTION_CODES = ["slot_unavailable", "hold_expired", "amount_mismatch"] as const;

export function isStaleSelectionError(error: unknown): boolean {
  return isApiError(error) && (STALE_SELECTION_CODES as readonly string[]).includes(error.code);
}

/**
 * Answers that mean the purchase no longer stands as it was chosen, not that a payment failed: the
 * invoice says what happened and how to go on instead of "Payment failed".
 */
const CHECKOUT_CONFLICT_CODES = [...STALE_SELECTION_CODES, "too_many_holds"] as const;
export type CheckoutConflictCode = (typeof CHECKOUT_CONFLICT_CODES)[number];

export function checkoutConflictCode(error: unknown): CheckoutConflictCode | null {
  if (!isApiError(error)) return null;
  return (CHECKOUT_CONFLICT_CODES as readonly string[]).includes(error.code)
    ? (error.code as CheckoutConflictCode)
    : null;
}

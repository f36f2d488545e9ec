import { EARNING_EVENTS, type LedgerAccount } from "@kerb/shared/rules";

export type Moved = ReadonlyArray<{ event: string; account: string; cents: number }>;

/**
 * What moved in a period, as the operator reads it (credits are negative in the ledger; the figures are
 * positive amounts). The reconciliation and the revenue page both read their money from here.
 */
export function movedFigures(moved: Moved) {
  const sum = (account: LedgerAccount, events?: readonly string[]) =>
    moved
      .filter((r) => r.account === account && (!events || events.includes(r.event)))
      .reduce((s, r) => s + r.cents, 0);
  const gstOnPaymentsCents = 0 - sum("GST_PAYABLE", ["payment.captured"]);
  const gstCents = 0 - sum("GST_PAYABLE");
  return {
    collectedCents: sum("STUDENT_CASH", ["payment.captured"]),
    gstCents,
    gstOnPaymentsCents,
    gstRefundedCents: gstOnPaymentsCents - gstCents,
    refundsCents: -sum("REFUNDS"),
    // Debits: the GST on a GST-registered instructor's RCTI, booked when the payout is made up.
    gstCreditsCents: sum("GST_CREDITS"),
    platformRevenueCents: -sum("PLATFORM_REVENUE"),
    instructorEarningsCents: -sum("INSTRUCTOR_PAYABLE", EARNING_EVENTS),
    // Debits to PAYOUTS_DUE are transfers that went through (payouts restated by migration 0008 included).
    paidOutCents: sum("PAYOUTS_DUE", ["payout.paid"]),
  };
}

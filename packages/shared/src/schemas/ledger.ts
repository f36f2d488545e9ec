import { z } from "zod";
import { calendarMonth } from "./common.ts";

// The ledger's admin API (/api/admin/ledger/balance, /api/admin/reconciliation), ADMIN only.
// Amounts are integer cents (the fields say so): a reconciliation is to the cent.

const cents = z.number().int();

/** GET /api/admin/ledger/balance: does the ledger balance, overall, per journal and per payment? */
export const ledgerBalanceResponse = z.object({
  /**
   * True when the entries sum to zero, every journal does, every payment reconciles and the payouts
   * due in the ledger are the payouts not yet transferred.
   */
  balanced: z.boolean(),
  /** The sum of every entry ever posted: 0 in a balanced ledger. */
  totalCents: cents,
  /**
   * Payments that took money, each checked: amount = GST (net of refunded GST) + platform share +
   * instructor share + refunds + still unearned, every account agreeing with the payment, its card
   * refunds and its lessons to the cent.
   */
  payments: z.object({ checked: z.number().int(), unbalanced: z.number().int() }),
  journals: z.object({ checked: z.number().int(), unbalanced: z.number().int() }),
  /**
   * PAYOUTS_DUE in the ledger beside the payouts table's payouts not yet transferred (pending or
   * failed): equal when every transfer posted what it did.
   */
  payouts: z.object({ ledgerDueCents: cents, untransferredCents: cents }),
  /** The first payments that do not reconcile (at most 20), with what disagrees. */
  unbalancedPayments: z.array(
    z.object({ paymentId: z.uuid(), invoiceNumber: z.string(), problems: z.array(z.string()) }),
  ),
});
export type LedgerBalance = z.infer<typeof ledgerBalanceResponse>;

export const reconciliationMonth = calendarMonth;

/** `month` is a Sydney calendar month; the current one when left out. */
export const reconciliationQuery = z.object({ month: reconciliationMonth.optional() });
export type ReconciliationQuery = z.input<typeof reconciliationQuery>;

/** GET /api/admin/reconciliation: one Sydney month of the ledger. */
export const reconciliationResponse = z.object({
  month: z.string(),
  /** The month's bounds as instants: [from, to). */
  from: z.string(),
  to: z.string(),
  /** Charged to cards in the month, GST included. */
  collectedCents: cents,
  /** GST on what was collected, less GST given back with refunds. */
  gstCents: cents,
  /**
   * GST credits booked in the month (the GST_CREDITS account): the GST on the recipient-created tax
   * invoices of payouts made up in the month to GST-registered instructors, which Kerb claims back.
   */
  gstCreditsCents: cents,
  /** Card refunds decided in the month, GST included. */
  refundsCents: cents,
  /** The platform's 25% of lesson value earned in the month (taught, no-show or kept). */
  platformRevenueCents: cents,
  /** The instructors' 75% of the same. */
  instructorEarningsCents: cents,
  /** Transferred to instructors in the month. */
  paidOutCents: cents,
  /** Owed to instructors at the end of the month: earned and not yet paid out. */
  owedCents: cents,
  /** Of what is owed, the part already in payouts whose transfer has not gone through (pending or failed). */
  payoutsDueCents: cents,
  /** Paid for but not yet delivered at the end of the month (scheduled lessons, unused credits), ex GST. */
  unearnedCents: cents,
});
export type Reconciliation = z.infer<typeof reconciliationResponse>;

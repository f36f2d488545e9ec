/**
 * Who may see a payment: one rule for every door to it (the payment page, the tax invoice, the
 * "I have paid" confirmation). The caller's relation is an input: the learner the payment is for, or
 * the guardian who paid it while they still follow that learner. Anyone else is told it does not exist.
 */

/** The signed-in caller, with the learners they follow now as a guardian (none for a learner). */
export interface PaymentCaller {
  userId: string;
  followedLearnerIds: ReadonlySet<string>;
}

/** A learner acting for themselves: they follow nobody. */
export const learnerCaller = (userId: string): PaymentCaller => ({ userId, followedLearnerIds: new Set() });

export function mayReadPayment(
  payment: { userId: string; payerId: string | null },
  caller: PaymentCaller,
): boolean {
  if (payment.userId === caller.userId) return true;
  return payment.payerId === caller.userId && caller.followedLearnerIds.has(payment.userId);
}

/**
 * Who may read a payment's receipt and tax invoice: the learner, and the guardian who paid it even after
 * the learner removed them (it is their money and their tax invoice). Only the receipt: every other
 * door to the payment asks `mayReadPayment`.
 */
export function mayReadReceipt(
  payment: { userId: string; payerId: string | null },
  caller: Pick<PaymentCaller, "userId">,
): boolean {
  return payment.userId === caller.userId || payment.payerId === caller.userId;
}

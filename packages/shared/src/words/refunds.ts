/**
 * Whose card a refund goes back to: the card the payment was made with (issue 30). A guardian who paid
 * for the learner is named, so the learner knows the money goes to them and not to their own card.
 */
export function refundCardOf(payer?: { firstName: string; lastName: string } | null): string {
  return payer ? `${`${payer.firstName} ${payer.lastName}`.trim()}'s card` : "your card";
}

import { checkoutResponse } from "@kerb/shared";
import { api } from "@/lib/api-client";

/**
 * POST /api/guardian/learners/:id/payments/:paymentId/pay: this guardian pays a checkout the learner is
 * holding lessons with (a fresh card session; none in demo mode). Started through useGuardianCheckout.
 */
export async function payLearnerCheckout(
  learnerId: string,
  paymentId: string,
  idempotencyKey?: string,
  /** One of the guardian's own saved cards, charged off-session (decision 041). */
  savedCardId?: string,
) {
  const data = await api.post(
    `/guardian/learners/${encodeURIComponent(learnerId)}/payments/${encodeURIComponent(paymentId)}/pay`,
    savedCardId ? { savedCardId } : undefined,
    { idempotencyKey },
  );
  return checkoutResponse.parse(data);
}

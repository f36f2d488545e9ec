import { checkoutResponse, type TestPackCreditPurchaseRequest } from "@kerb/shared";
import { api } from "@/lib/api-client";

/**
 * POST /api/guardian/learners/:id/test-pack-credits: a driving-test package credit for the learner, paid by
 * this guardian (the credit is the learner's, the payment and its tax invoice the guardian's). Started
 * through useGuardianCheckout, which takes it to the card page or confirms it in demo mode.
 */
export async function buyTestPackCreditForLearner(
  learnerId: string,
  request: TestPackCreditPurchaseRequest,
  idempotencyKey?: string,
) {
  const data = await api.post(
    `/guardian/learners/${encodeURIComponent(learnerId)}/test-pack-credits`,
    request,
    { idempotencyKey },
  );
  return checkoutResponse.parse(data);
}

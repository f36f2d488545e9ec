import { type BundlePurchaseRequest, checkoutResponse } from "@kerb/shared";
import { api } from "@/lib/api-client";

/**
 * POST /api/guardian/learners/:id/bundles: a bundle for the learner, paid by this guardian (the credits
 * are the learner's, the payment and its tax invoice the guardian's). Started through
 * useGuardianCheckout, which takes it to the card page or confirms it in demo mode.
 */
export async function buyBundleForLearner(
  learnerId: string,
  request: BundlePurchaseRequest,
  idempotencyKey?: string,
) {
  const data = await api.post(`/guardian/learners/${encodeURIComponent(learnerId)}/bundles`, request, {
    idempotencyKey,
  });
  return checkoutResponse.parse(data);
}

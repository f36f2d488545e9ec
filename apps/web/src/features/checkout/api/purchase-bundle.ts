import { type BundlePurchaseRequest, type CheckoutResponse, checkoutResponse } from "@kerb/shared";
import { api } from "@/lib/api-client";
import { useSingleFlightMutation } from "@/lib/single-flight";

/** Opens a payment for a lesson bundle; the server checks the size and price against its rules. */
export async function purchaseBundle(
  payload: BundlePurchaseRequest,
  idempotencyKey?: string,
): Promise<CheckoutResponse> {
  const data = await api.post("/student/bundles/purchase", payload, { idempotencyKey });
  return checkoutResponse.parse(data);
}

export function usePurchaseBundle() {
  return useSingleFlightMutation({ mutationFn: purchaseBundle });
}

import { type BundlePurchaseRequest, type CheckoutResponse, checkoutResponse } from "@kerb/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Opens a payment for a lesson bundle; the server checks the size and price against its rules. */
export async function purchaseBundle(payload: BundlePurchaseRequest): Promise<CheckoutResponse> {
  const data = await api.post("/student/bundles/purchase", payload);
  return checkoutResponse.parse(data);
}

export function usePurchaseBundle() {
  return useMutation({ mutationFn: purchaseBundle });
}

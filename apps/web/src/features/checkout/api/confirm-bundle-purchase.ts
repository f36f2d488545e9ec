import { confirmResponse, type PaymentDetails } from "@kerb/shared";
import { api } from "@/lib/api-client";
import { useSingleFlightMutation } from "@/lib/single-flight";

export async function confirmBundlePurchase(
  paymentId: string,
  idempotencyKey?: string,
): Promise<PaymentDetails> {
  const data = await api.post(`/student/bundles/confirm/${encodeURIComponent(paymentId)}`, undefined, {
    idempotencyKey,
  });
  return confirmResponse.parse(data).payment;
}

export function useConfirmBundlePurchase() {
  return useSingleFlightMutation({ mutationFn: confirmBundlePurchase });
}

import { confirmResponse, type PaymentDetails } from "@kerb/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export async function confirmBundlePurchase(paymentId: string): Promise<PaymentDetails> {
  const data = await api.post(`/student/bundles/confirm/${encodeURIComponent(paymentId)}`);
  return confirmResponse.parse(data).payment;
}

export function useConfirmBundlePurchase() {
  return useMutation({ mutationFn: confirmBundlePurchase });
}

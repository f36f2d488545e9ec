import { type ReleasePaymentResponse, releasePaymentResponse } from "@kerb/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Lets an unpaid checkout go: its payment is cancelled and its held lessons freed at once. */
export async function releasePayment(paymentId: string): Promise<ReleasePaymentResponse> {
  const data = await api.post(`/payment/${encodeURIComponent(paymentId)}/release`);
  return releasePaymentResponse.parse(data);
}

export function useReleasePayment() {
  return useMutation({ mutationFn: releasePayment });
}

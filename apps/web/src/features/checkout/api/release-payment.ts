import { type ReleasePaymentResponse, releasePaymentResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { scopeKeys } from "@/lib/query-keys";

/** Lets an unpaid checkout go: its payment is cancelled and its held lessons are free for others at once. */
export async function releasePayment(paymentId: string): Promise<ReleasePaymentResponse> {
  const data = await api.post(`/payment/${encodeURIComponent(paymentId)}/release`);
  return releasePaymentResponse.parse(data);
}

/** The wizard's own checkout, let go before it opens another. */
export function useReleasePayment() {
  return useMutation({ mutationFn: releasePayment });
}

/** A checkout left open (the held payments card, or the draft's on Start again). */
export function useReleaseHeldPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releasePayment,
    // Refreshed whether or not it worked: a refusal (paid or lapsed meanwhile) means the list is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: scopeKeys.student }),
  });
}

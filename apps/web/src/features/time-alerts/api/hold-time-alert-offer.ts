import { type CheckoutResponse, checkoutResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { scopeKeys } from "@/lib/query-keys";

async function holdTimeAlertOffer(input: {
  token: string;
  pickupLocation?: string;
}): Promise<CheckoutResponse> {
  const body = input.pickupLocation ? { pickupLocation: input.pickupLocation } : {};
  return checkoutResponse.parse(
    await api.post(`/student/time-alert-offers/${encodeURIComponent(input.token)}/hold`, body),
  );
}

/** POST …/hold: holds the emailed time for the normal hold period and opens its payment. */
export function useHoldTimeAlertOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: holdTimeAlertOffer,
    // A held lesson, a payment and an ended alert: everything the learner sees moved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: scopeKeys.student }),
  });
}

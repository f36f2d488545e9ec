import {
  connectPayoutAccountResponse,
  type PayoutDetails,
  payoutDetails,
  type UpdatePayoutDetailsRequest,
} from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "@/lib/api-client";
import { payoutKeys } from "./query-keys";

/** Records the ABN and GST status printed on payout statements. */
async function updatePayoutDetails(payload: UpdatePayoutDetailsRequest): Promise<PayoutDetails> {
  const data = await apiRequest("/instructor/payout-details", { method: "PATCH", body: payload });
  return payoutDetails.parse(data);
}

export function useUpdatePayoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePayoutDetails,
    // The earnings page reads the ABN hold (its "Add your ABN" banner) and GST status from the earnings
    // answer too: both go stale when the details change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: payoutKeys.instructorPayouts() }),
        queryClient.invalidateQueries({ queryKey: payoutKeys.earnings() }),
        // A new ABN or GST status asks for the RCTI agreement again.
        queryClient.invalidateQueries({ queryKey: payoutKeys.rctiAgreement() }),
      ]),
  });
}

/** Stripe Connect onboarding: the hosted page to open (the account is created on the first call). */
async function startPayoutOnboarding(): Promise<string> {
  const data = await api.post("/instructor/payouts/connect");
  return connectPayoutAccountResponse.parse(data).url;
}

export function useStartPayoutOnboarding() {
  return useMutation({
    mutationFn: startPayoutOnboarding,
    // Stripe's onboarding is a full-page redirect; it sends the instructor back to the earnings page.
    onSuccess: (url) => window.location.assign(url),
  });
}

import {
  type AdminGstRegistration,
  adminGstRegistration,
  type PayoutReadinessResponse,
  payoutReadinessResponse,
} from "@kerb/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { auditKeys } from "@/features/audit";
import { api } from "@/lib/api-client";
import { payoutKeys } from "./query-keys";

async function getPayoutReadiness({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<PayoutReadinessResponse> {
  return payoutReadinessResponse.parse(await api.get("/admin/payouts/readiness", { signal }));
}

const payoutReadinessOptions = () =>
  queryOptions({
    queryKey: payoutKeys.adminReadiness(),
    queryFn: ({ signal }) => getPayoutReadiness({ signal }),
  });

/** Before a run: unchecked GST registrations, and instructors waiting for the RCTI agreement. */
export function usePayoutReadiness() {
  return useQuery(payoutReadinessOptions());
}

async function checkGstRegistration(input: { id: string; note: string }): Promise<AdminGstRegistration> {
  const data = await api.post(`/admin/payouts/gst-registrations/${encodeURIComponent(input.id)}/check`, {
    note: input.note,
  });
  return adminGstRegistration.parse(data);
}

/** Records the ABN Lookup check of a GST registration (audited). */
export function useCheckGstRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkGstRegistration,
    onSettled: () =>
      Promise.all(
        [payoutKeys.adminReadiness(), auditKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

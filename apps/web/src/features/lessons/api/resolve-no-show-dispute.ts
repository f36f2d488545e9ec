import {
  type ResolveNoShowDisputeRequest,
  type ResolveNoShowDisputeResponse,
  resolveNoShowDisputeResponse,
} from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { scopeKeys } from "@/lib/query-keys";

/** KEEP or REFUND a student's no-show dispute, with the admin's note (audited). */
async function resolveNoShowDispute({
  id,
  ...body
}: ResolveNoShowDisputeRequest & { id: string }): Promise<ResolveNoShowDisputeResponse> {
  const data = await api.post(`/admin/bookings/${encodeURIComponent(id)}/no-show-dispute`, body);
  return resolveNoShowDisputeResponse.parse(data);
}

export function useResolveNoShowDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveNoShowDispute,
    // A refund moves bookings, payments, refunds, revenue and the ledger; either answer is audited.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scopeKeys.admin }),
  });
}

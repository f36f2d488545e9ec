import {
  type ResolveNoShowDisputeRequest,
  type ResolveNoShowDisputeResponse,
  resolveNoShowDisputeResponse,
} from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { auditLogQueryKey } from "@/features/audit";
import { adminRevenueQueryKey } from "@/features/ledger";
import { adminPaymentsQueryKey } from "@/features/payments";
import { api } from "@/lib/api-client";
import { adminBookingsQueryKey } from "./get-admin-bookings";

/** KEEP or REFUND a student's no-show dispute, with the admin's note (audited). */
export async function resolveNoShowDispute({
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
    onSuccess: () =>
      Promise.all(
        [adminBookingsQueryKey, adminPaymentsQueryKey, adminRevenueQueryKey, auditLogQueryKey].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

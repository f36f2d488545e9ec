import { type AdminCancelBookingResponse, adminCancelBookingResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { auditLogQueryKey } from "@/features/audit";
import { complianceFollowUpQueryKey } from "@/features/compliance";
import { adminRevenueQueryKey } from "@/features/ledger";
import { adminPaymentsQueryKey } from "@/features/payments";
import { api } from "@/lib/api-client";
import { adminBookingsQueryKey } from "./get-admin-bookings";

/** An admin cancellation always refunds in full (or returns the bundle credit). */
export async function cancelAdminBooking({
  id,
  reason,
}: {
  id: string;
  reason?: string;
}): Promise<AdminCancelBookingResponse> {
  const data = await api.post(`/admin/bookings/${encodeURIComponent(id)}/cancel`, reason ? { reason } : {});
  return adminCancelBookingResponse.parse(data);
}

export function useCancelAdminBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAdminBooking,
    onSuccess: () =>
      Promise.all(
        [
          adminBookingsQueryKey,
          adminPaymentsQueryKey,
          adminRevenueQueryKey,
          auditLogQueryKey,
          complianceFollowUpQueryKey,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

import { type AdminCancelBookingResponse, adminCancelBookingResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { scopeKeys } from "@/lib/query-keys";

/** An admin cancellation always refunds in full (or returns the bundle credit). */
async function cancelAdminLesson({
  id,
  reason,
}: {
  id: string;
  reason?: string;
}): Promise<AdminCancelBookingResponse> {
  const data = await api.post(`/admin/bookings/${encodeURIComponent(id)}/cancel`, reason ? { reason } : {});
  return adminCancelBookingResponse.parse(data);
}

/**
 * The cancellation moves the bookings, payments, refunds, revenue, ledger, audit log and compliance
 * follow-up lists: every admin list is refreshed (the admin scope), none of them named here.
 */
export function useCancelAdminLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAdminLesson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scopeKeys.admin }),
  });
}

import { type AdminRefund, adminRefundResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { auditKeys } from "@/features/audit";
import { api } from "@/lib/api-client";
import { refundKeys } from "./query-keys";

/** One delivery attempt now, whatever the backoff says (audited). */
async function retryRefund(id: string): Promise<AdminRefund> {
  const data = await api.post(`/admin/refunds/${encodeURIComponent(id)}/retry`);
  return adminRefundResponse.parse(data).refund;
}

export function useRetryRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryRefund,
    onSettled: () =>
      Promise.all(
        [refundKeys.adminRefunds(), auditKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

import { type AdminOutboxMessage, adminOutboxMessageResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { auditLogQueryKey } from "@/features/audit";
import { api } from "@/lib/api-client";
import { outboxQueryKey } from "./get-outbox";

/** Puts a FAILED email back in the queue and tries it once at once (audited). */
export async function retryOutboxEmail(id: string): Promise<AdminOutboxMessage> {
  const data = await api.post(`/admin/outbox/${encodeURIComponent(id)}/retry`);
  return adminOutboxMessageResponse.parse(data).message;
}

export function useRetryOutboxEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryOutboxEmail,
    onSettled: () =>
      Promise.all(
        [outboxQueryKey, auditLogQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

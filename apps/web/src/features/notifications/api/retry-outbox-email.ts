import { type AdminOutboxMessage, adminOutboxMessageResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { auditKeys } from "@/features/audit";
import { api } from "@/lib/api-client";
import { notificationKeys } from "./query-keys";

/** Puts a FAILED email back in the queue and tries it once at once (audited). */
async function retryOutboxEmail(id: string): Promise<AdminOutboxMessage> {
  const data = await api.post(`/admin/outbox/${encodeURIComponent(id)}/retry`);
  return adminOutboxMessageResponse.parse(data).message;
}

export function useRetryOutboxEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryOutboxEmail,
    onSettled: () =>
      Promise.all(
        [notificationKeys.outbox(), auditKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

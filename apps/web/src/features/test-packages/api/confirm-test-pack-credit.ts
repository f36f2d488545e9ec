import { confirmResponse, type PaymentDetails } from "@kerb/shared";
import { useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { scopeKeys } from "@/lib/query-keys";
import { useSingleFlightMutation } from "@/lib/single-flight";

/** "I have paid" for a test-pack credit (demo mode): the server checks it and issues the credit, once. */
async function confirmTestPackCredit(paymentId: string, idempotencyKey?: string): Promise<PaymentDetails> {
  const data = await api.post(
    `/student/test-pack-credits/confirm/${encodeURIComponent(paymentId)}`,
    undefined,
    {
      idempotencyKey,
    },
  );
  return confirmResponse.parse(data).payment;
}

export function useConfirmTestPackCredit() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: confirmTestPackCredit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scopeKeys.student }),
  });
}

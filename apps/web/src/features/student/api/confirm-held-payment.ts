import { confirmResponse, type PaymentDetails } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/**
 * Pays a held checkout of lessons where no card page is involved (demo payments): the same
 * confirmation the booking wizard makes after its pretend card processing. The server checks the hold.
 */
export async function confirmHeldPayment(paymentId: string): Promise<PaymentDetails> {
  const data = await api.post(`/student/bookings/batch/confirm/${encodeURIComponent(paymentId)}`);
  return confirmResponse.parse(data).payment;
}

export function useConfirmHeldPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmHeldPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["student"] }),
  });
}

import { confirmResponse, type PaymentDetails } from "@kerb/shared";
import { useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { scopeKeys } from "@/lib/query-keys";
import { useSingleFlightMutation } from "@/lib/single-flight";

/**
 * Confirms a batch payment where no card page is involved (demo mode): the wizard after its pretend
 * card processing, or a held checkout paid from the student's pages. The server checks the hold.
 */
export async function confirmBatchBooking(
  paymentId: string,
  idempotencyKey?: string,
): Promise<PaymentDetails> {
  const data = await api.post(`/student/bookings/batch/confirm/${encodeURIComponent(paymentId)}`, undefined, {
    idempotencyKey,
  });
  return confirmResponse.parse(data).payment;
}

export function useConfirmBatchBooking() {
  return useSingleFlightMutation({ mutationFn: confirmBatchBooking });
}

/** Pays a checkout left open; the student's pages refresh either way. */
export function useConfirmHeldPayment() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: confirmBatchBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scopeKeys.student }),
  });
}

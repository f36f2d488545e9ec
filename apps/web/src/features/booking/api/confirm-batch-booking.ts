import { confirmResponse, type PaymentDetails } from "@kerb/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Confirms a batch payment (demo mode: the client confirms itself after the processing delay). */
export async function confirmBatchBooking(paymentId: string): Promise<PaymentDetails> {
  const data = await api.post(`/student/bookings/batch/confirm/${encodeURIComponent(paymentId)}`);
  return confirmResponse.parse(data).payment;
}

export function useConfirmBatchBooking() {
  return useMutation({ mutationFn: confirmBatchBooking });
}

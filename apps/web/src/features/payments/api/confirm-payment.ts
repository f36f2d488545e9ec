import { confirmResponse, type PaymentDetails, type PaymentType } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { paymentQueryKey } from "./get-payment";

const CONFIRM_PATHS: Record<PaymentType, string> = {
  BUNDLE: "/student/bundles/confirm",
  BOOKINGS: "/student/bookings/batch/confirm",
};

/**
 * Confirms a payment after the card page sent the student back: the server checks the status and
 * amount with the provider and books the lessons or issues the bundle. Safe to repeat.
 */
export async function confirmPayment({
  id,
  type,
}: {
  id: string;
  type: PaymentType;
}): Promise<PaymentDetails> {
  const data = await api.post(`${CONFIRM_PATHS[type]}/${encodeURIComponent(id)}`);
  return confirmResponse.parse(data).payment;
}

export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPayment,
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentQueryKey(payment.id), payment);
      void queryClient.invalidateQueries({ queryKey: ["student"] });
    },
  });
}

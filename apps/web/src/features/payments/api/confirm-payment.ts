import { confirmResponse, type PaymentDetails, type PaymentType } from "@kerb/shared";
import { useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { authStore } from "@/lib/auth-store";
import { scopeKeys } from "@/lib/query-keys";
import { useSingleFlightMutation } from "@/lib/single-flight";
import { paymentKeys } from "./query-keys";

const CONFIRM_PATHS: Record<PaymentType, string> = {
  BUNDLE: "/student/bundles/confirm",
  BOOKINGS: "/student/bookings/batch/confirm",
  TEST_PACK_CREDIT: "/student/test-pack-credits/confirm",
};

/** A guardian paying for a learner confirms through their own route, whatever the payment's type. */
const confirmPath = (id: string, type: PaymentType) =>
  authStore.getState()?.user.role === "GUARDIAN"
    ? `/guardian/payments/${encodeURIComponent(id)}/confirm`
    : `${CONFIRM_PATHS[type]}/${encodeURIComponent(id)}`;

/**
 * Confirms a payment after the card page sent the payer back (the student, or a guardian paying for
 * them): the server checks the status and amount with the provider and books the lessons or issues
 * the bundle. Safe to repeat.
 */
async function confirmPayment(
  { id, type }: { id: string; type: PaymentType },
  idempotencyKey?: string,
): Promise<PaymentDetails> {
  const data = await api.post(confirmPath(id, type), undefined, { idempotencyKey });
  return confirmResponse.parse(data).payment;
}

export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: confirmPayment,
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentKeys.payment(payment.id), payment);
      void queryClient.invalidateQueries({ queryKey: scopeKeys.student });
      void queryClient.invalidateQueries({ queryKey: scopeKeys.guardian });
    },
  });
}

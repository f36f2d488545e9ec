import type { CheckoutResponse, PaymentDetails } from "@kerb/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useSingleFlightMutation } from "@/lib/single-flight";
import { confirmGuardianPayment } from "../api/confirm-guardian-payment";
import { guardianKeys } from "../api/query-keys";

type GuardianCheckoutResult = { redirected: true } | { redirected: false; payment: PaymentDetails };

/**
 * A guardian's payment for a learner, however it starts (a bundle, a held checkout): with a card page the
 * browser goes there (it comes back to /payment/confirmed, which confirms); in demo mode there is none,
 * so the payment is confirmed here at once. Either way the learner's overview is read again.
 */
export function useGuardianCheckout(learnerId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    /** `start` opens the payment, sending `idempotencyKey` (the confirmation sends it too). */
    mutationFn: async (
      start: (idempotencyKey: string) => Promise<CheckoutResponse>,
      idempotencyKey,
    ): Promise<GuardianCheckoutResult> => {
      const started = await start(idempotencyKey);
      if (started.paymentUrl) {
        window.location.assign(started.paymentUrl);
        return { redirected: true };
      }
      return { redirected: false, payment: await confirmGuardianPayment(started.payment.id, idempotencyKey) };
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: guardianKeys.learner(learnerId) }),
        queryClient.invalidateQueries({ queryKey: guardianKeys.payments() }),
      ]),
  });
}

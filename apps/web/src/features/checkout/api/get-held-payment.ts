import { type PaymentDetails, paymentResponse } from "@kerb/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { checkoutKeys } from "./query-keys";

/** The held checkout's invoice: what paying for it now would charge, GST included. */
async function getHeldPayment(
  paymentId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PaymentDetails> {
  const data = await api.get(`/payment/${encodeURIComponent(paymentId)}`, { signal });
  return paymentResponse.parse(data);
}

export function useHeldPayment(paymentId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: checkoutKeys.heldPayment(paymentId),
    queryFn: ({ signal }) => getHeldPayment(paymentId, { signal }),
    staleTime: 0,
    enabled,
  });
}

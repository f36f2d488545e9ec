import { type PaymentDetails, paymentResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { paymentKeys } from "./query-keys";

async function getPayment(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<PaymentDetails> {
  const data = await api.get(`/payment/${encodeURIComponent(id)}`, { signal });
  return paymentResponse.parse(data);
}

const getPaymentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: paymentKeys.payment(id),
    queryFn: ({ signal }) => getPayment(id, { signal }),
    // A result page reflects one moment; refetching on focus could flip it while being read.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePayment(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPaymentQueryOptions(id), enabled });
}

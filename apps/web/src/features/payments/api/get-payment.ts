import { type PaymentDetails, paymentResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export async function getPayment(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PaymentDetails> {
  const data = await api.get(`/payment/${encodeURIComponent(id)}`, { signal });
  return paymentResponse.parse(data);
}

export const paymentQueryKey = (id: string) => ["payment", id] as const;

export const getPaymentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: paymentQueryKey(id),
    queryFn: ({ signal }) => getPayment(id, { signal }),
    // A result page reflects one moment; refetching on focus could flip it while being read.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePayment(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPaymentQueryOptions(id), enabled });
}

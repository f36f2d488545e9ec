import { adminPaymentsResponse, type PaymentProvider, type PaymentStatus } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";

export type AdminPaymentsPage = z.infer<typeof adminPaymentsResponse>;

export type AdminPaymentsParams = {
  status?: PaymentStatus;
  provider?: PaymentProvider;
  page: number;
  pageSize?: number;
};

export async function getAdminPayments(
  query: AdminPaymentsParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminPaymentsPage> {
  const data = await api.get("/admin/payments", { query, signal });
  return adminPaymentsResponse.parse(data);
}

export const adminPaymentsQueryKey = ["admin", "payments"] as const;

export const getAdminPaymentsParamsOptions = (query: AdminPaymentsParams) =>
  queryOptions({
    queryKey: [...adminPaymentsQueryKey, query] as const,
    queryFn: ({ signal }) => getAdminPayments(query, { signal }),
    placeholderData: keepPreviousData,
  });

/** Payments, newest first, by status and provider. */
export function useAdminPayments(query: AdminPaymentsParams) {
  return useQuery(getAdminPaymentsParamsOptions(query));
}

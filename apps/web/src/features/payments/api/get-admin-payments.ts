import { adminPaymentsResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { type AdminPaymentsParams, paymentKeys } from "./query-keys";

export type AdminPaymentsPage = z.infer<typeof adminPaymentsResponse>;

async function getAdminPayments(
  query: AdminPaymentsParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminPaymentsPage> {
  const data = await api.get("/admin/payments", { query, signal });
  return adminPaymentsResponse.parse(data);
}

const getAdminPaymentsParamsOptions = (query: AdminPaymentsParams) =>
  queryOptions({
    queryKey: paymentKeys.adminPaymentList(query),
    queryFn: ({ signal }) => getAdminPayments(query, { signal }),
    placeholderData: keepPreviousData,
  });

/** Payments, newest first, by status and provider. */
export function useAdminPayments(query: AdminPaymentsParams) {
  return useQuery(getAdminPaymentsParamsOptions(query));
}

import { adminRefundsResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { type AdminRefundsParams, refundKeys } from "./query-keys";

export type AdminRefundsPage = z.infer<typeof adminRefundsResponse>;

async function getAdminRefunds(
  query: AdminRefundsParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminRefundsPage> {
  const data = await api.get("/admin/refunds", { query, signal });
  return adminRefundsResponse.parse(data);
}

const getAdminRefundsOptions = (query: AdminRefundsParams) =>
  queryOptions({
    queryKey: refundKeys.adminRefundList(query),
    queryFn: ({ signal }) => getAdminRefunds(query, { signal }),
    placeholderData: keepPreviousData,
  });

/** The card-refund queue: refunds still owed first, oldest first; then the settled ones. */
export function useAdminRefunds(query: AdminRefundsParams) {
  return useQuery(getAdminRefundsOptions(query));
}

import { type AdminRevenue, adminRevenueResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { ledgerKeys } from "./query-keys";

async function getAdminRevenue({ signal }: { signal?: AbortSignal } = {}): Promise<AdminRevenue> {
  const data = await api.get("/admin/revenue", { signal });
  return adminRevenueResponse.parse(data);
}

const getAdminRevenueQueryOptions = () =>
  queryOptions({
    queryKey: ledgerKeys.revenue(),
    queryFn: ({ signal }) => getAdminRevenue({ signal }),
  });

/** Per Sydney month: completed lessons, gross, platform fees, payouts, GST collected, refunds. */
export function useAdminRevenue() {
  return useQuery(getAdminRevenueQueryOptions());
}

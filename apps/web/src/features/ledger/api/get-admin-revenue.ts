import { type AdminRevenue, adminRevenueResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export async function getAdminRevenue({ signal }: { signal?: AbortSignal } = {}): Promise<AdminRevenue> {
  const data = await api.get("/admin/revenue", { signal });
  return adminRevenueResponse.parse(data);
}

export const adminRevenueQueryKey = ["admin", "revenue"] as const;

export const getAdminRevenueQueryOptions = () =>
  queryOptions({
    queryKey: adminRevenueQueryKey,
    queryFn: ({ signal }) => getAdminRevenue({ signal }),
  });

/** Per Sydney month: completed lessons, gross, platform fees, payouts, GST collected, refunds. */
export function useAdminRevenue() {
  return useQuery(getAdminRevenueQueryOptions());
}

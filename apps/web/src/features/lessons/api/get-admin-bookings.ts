import { adminBookingsResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { type AdminBookingsParams, lessonKeys } from "./query-keys";

export type AdminBookingsPage = z.infer<typeof adminBookingsResponse>;

async function getAdminBookings(
  query: AdminBookingsParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminBookingsPage> {
  const data = await api.get("/admin/bookings", { query, signal });
  return adminBookingsResponse.parse(data);
}

const getAdminBookingsParamsOptions = (query: AdminBookingsParams) =>
  queryOptions({
    queryKey: lessonKeys.adminBookingList(query),
    queryFn: ({ signal }) => getAdminBookings(query, { signal }),
    placeholderData: keepPreviousData,
  });

/** Every booking, latest lesson first; from/to are Sydney dates of the lesson start, inclusive. */
export function useAdminBookings(query: AdminBookingsParams) {
  return useQuery(getAdminBookingsParamsOptions(query));
}

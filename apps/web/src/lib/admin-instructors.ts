import { adminInstructorsResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "./api-client";
import { type AdminInstructorsParams, adminInstructorKeys } from "./query-keys";

export type AdminInstructorsPage = z.infer<typeof adminInstructorsResponse>;

async function getAdminInstructors(
  query: AdminInstructorsParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminInstructorsPage> {
  const data = await api.get("/admin/instructors", { query, signal });
  return adminInstructorsResponse.parse(data);
}

const getAdminInstructorsParamsOptions = (query: AdminInstructorsParams) =>
  queryOptions({
    queryKey: adminInstructorKeys.list(query),
    queryFn: ({ signal }) => getAdminInstructors(query, { signal }),
    placeholderData: keepPreviousData,
  });

/**
 * Instructors by verification status, search and sort (default: oldest application first, the queue).
 * The compliance pages list them; the admin bookings page filters by them, which is why this read sits
 * below both features.
 */
export function useAdminInstructors(query: AdminInstructorsParams) {
  return useQuery(getAdminInstructorsParamsOptions(query));
}

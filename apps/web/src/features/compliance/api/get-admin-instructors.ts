import { type AdminInstructorSort, adminInstructorsResponse, type VerificationStatus } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";

export type AdminInstructorsPage = z.infer<typeof adminInstructorsResponse>;

export type AdminInstructorsParams = {
  status?: VerificationStatus;
  search?: string;
  sort?: AdminInstructorSort;
  /** Only instructors with a document date missing, past or within 30 days. */
  flagged?: boolean;
  page: number;
  pageSize?: number;
};

export async function getAdminInstructors(
  query: AdminInstructorsParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminInstructorsPage> {
  const data = await api.get("/admin/instructors", { query, signal });
  return adminInstructorsResponse.parse(data);
}

export const adminInstructorsQueryKey = ["admin", "instructors"] as const;

export const getAdminInstructorsParamsOptions = (query: AdminInstructorsParams) =>
  queryOptions({
    queryKey: [...adminInstructorsQueryKey, query] as const,
    queryFn: ({ signal }) => getAdminInstructors(query, { signal }),
    placeholderData: keepPreviousData,
  });

/** Instructors by verification status, search and sort (default: oldest application first, the queue). */
export function useAdminInstructors(query: AdminInstructorsParams) {
  return useQuery(getAdminInstructorsParamsOptions(query));
}

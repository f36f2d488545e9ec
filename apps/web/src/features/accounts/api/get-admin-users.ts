import { adminUsersResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { type AdminUsersParams, accountKeys } from "./query-keys";

export type AdminUsersPage = z.infer<typeof adminUsersResponse>;

async function getAdminUsers(
  query: AdminUsersParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminUsersPage> {
  const data = await api.get("/admin/users", { query, signal });
  return adminUsersResponse.parse(data);
}

const getAdminUsersParamsOptions = (query: AdminUsersParams) =>
  queryOptions({
    queryKey: accountKeys.adminUserList(query),
    queryFn: ({ signal }) => getAdminUsers(query, { signal }),
    placeholderData: keepPreviousData,
  });

/** Accounts, newest first; search matches names and email. */
export function useAdminUsers(query: AdminUsersParams) {
  return useQuery(getAdminUsersParamsOptions(query));
}

import { instructorAccountResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { accountQueryKey } from "./account-query-key";

export async function getInstructorAccount({ signal }: { signal?: AbortSignal } = {}) {
  return instructorAccountResponse.parse(await api.get("/instructor/account", { signal }));
}

export const instructorAccountQueryKey = [...accountQueryKey, "instructor"] as const;

export const instructorAccountQueryOptions = () =>
  queryOptions({ queryKey: instructorAccountQueryKey, queryFn: getInstructorAccount });

export function useInstructorAccount() {
  return useQuery(instructorAccountQueryOptions());
}

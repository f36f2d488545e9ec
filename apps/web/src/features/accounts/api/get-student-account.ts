import { studentAccountResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { accountQueryKey } from "./account-query-key";

export async function getStudentAccount({ signal }: { signal?: AbortSignal } = {}) {
  return studentAccountResponse.parse(await api.get("/student/account", { signal }));
}

export const studentAccountQueryKey = [...accountQueryKey, "student"] as const;

export const studentAccountQueryOptions = () =>
  queryOptions({ queryKey: studentAccountQueryKey, queryFn: getStudentAccount });

export function useStudentAccount() {
  return useQuery(studentAccountQueryOptions());
}

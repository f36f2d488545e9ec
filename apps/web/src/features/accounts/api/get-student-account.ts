import { studentAccountResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { accountKeys } from "./query-keys";

async function getStudentAccount({ signal }: { signal?: AbortSignal } = {}) {
  return studentAccountResponse.parse(await api.get("/student/account", { signal }));
}

const studentAccountQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.student(), queryFn: getStudentAccount });

export function useStudentAccount() {
  return useQuery(studentAccountQueryOptions());
}

import { instructorAccountResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { accountKeys } from "./query-keys";

async function getInstructorAccount({ signal }: { signal?: AbortSignal } = {}) {
  return instructorAccountResponse.parse(await api.get("/instructor/account", { signal }));
}

const instructorAccountQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.instructor(), queryFn: getInstructorAccount });

export function useInstructorAccount() {
  return useQuery(instructorAccountQueryOptions());
}

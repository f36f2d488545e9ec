import { guardianLearnersResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/guardian/learners: the learners this guardian follows. */
export async function getGuardianLearners({ signal }: { signal?: AbortSignal } = {}) {
  return guardianLearnersResponse.parse(await api.get("/guardian/learners", { signal }));
}

export const guardianLearnersQueryKey = ["guardian", "learners"] as const;

export const guardianLearnersQueryOptions = () =>
  queryOptions({ queryKey: guardianLearnersQueryKey, queryFn: getGuardianLearners });

export function useGuardianLearners() {
  return useQuery(guardianLearnersQueryOptions());
}

import { guardianLearnersResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { guardianKeys } from "./query-keys";

/** GET /api/guardian/learners: the learners this guardian follows. */
export async function getGuardianLearners({ signal }: { signal?: AbortSignal } = {}) {
  return guardianLearnersResponse.parse(await api.get("/guardian/learners", { signal }));
}

const guardianLearnersQueryOptions = () =>
  queryOptions({ queryKey: guardianKeys.learners(), queryFn: getGuardianLearners });

export function useGuardianLearners() {
  return useQuery(guardianLearnersQueryOptions());
}

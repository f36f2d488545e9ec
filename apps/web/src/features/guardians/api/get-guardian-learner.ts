import { guardianLearnerOverview } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { guardianKeys } from "./query-keys";

/** GET /api/guardian/learners/:id: one learner's upcoming lessons, bundles, payments and instructors. */
async function getGuardianLearner(learnerId: string, { signal }: { signal?: AbortSignal } = {}) {
  const data = await api.get(`/guardian/learners/${encodeURIComponent(learnerId)}`, { signal });
  return guardianLearnerOverview.parse(data);
}

const guardianLearnerQueryOptions = (learnerId: string) =>
  queryOptions({
    queryKey: guardianKeys.learner(learnerId),
    queryFn: ({ signal }) => getGuardianLearner(learnerId, { signal }),
  });

export function useGuardianLearner(learnerId: string | null) {
  return useQuery({ ...guardianLearnerQueryOptions(learnerId ?? ""), enabled: learnerId !== null });
}

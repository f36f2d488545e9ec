import { type StudentProgress, studentProgressResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { guardianKeys } from "./query-keys";

/** GET /api/guardian/learners/:id/progress: what the learner sees on their Progress page. */
async function getGuardianLearnerProgress(
  learnerId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StudentProgress> {
  const data = await api.get(`/guardian/learners/${encodeURIComponent(learnerId)}/progress`, { signal });
  return studentProgressResponse.parse(data);
}

const guardianLearnerProgressQueryOptions = (learnerId: string) =>
  queryOptions({
    queryKey: guardianKeys.learnerProgress(learnerId),
    queryFn: ({ signal }) => getGuardianLearnerProgress(learnerId, { signal }),
  });

export function useGuardianLearnerProgress(learnerId: string) {
  return useQuery(guardianLearnerProgressQueryOptions(learnerId));
}

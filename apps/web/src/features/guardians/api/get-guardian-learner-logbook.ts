import { type StudentLogbook, studentLogbookResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { guardianKeys } from "./query-keys";

/** GET /api/guardian/learners/:id/logbook: the learner's NSW logbook hours, as the learner sees them. */
async function getGuardianLearnerLogbook(
  learnerId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StudentLogbook> {
  const data = await api.get(`/guardian/learners/${encodeURIComponent(learnerId)}/logbook`, { signal });
  return studentLogbookResponse.parse(data);
}

const guardianLearnerLogbookQueryOptions = (learnerId: string) =>
  queryOptions({
    queryKey: guardianKeys.learnerLogbook(learnerId),
    queryFn: ({ signal }) => getGuardianLearnerLogbook(learnerId, { signal }),
  });

export function useGuardianLearnerLogbook(learnerId: string) {
  return useQuery(guardianLearnerLogbookQueryOptions(learnerId));
}

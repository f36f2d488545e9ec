import { guardianLinksResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/student/guardians: the learner's invitations waiting and guardians following them. */
export async function getGuardians({ signal }: { signal?: AbortSignal } = {}) {
  return guardianLinksResponse.parse(await api.get("/student/guardians", { signal }));
}

export const guardiansQueryKey = ["student", "guardians"] as const;

export const guardiansQueryOptions = () =>
  queryOptions({ queryKey: guardiansQueryKey, queryFn: getGuardians });

export function useGuardians() {
  return useQuery(guardiansQueryOptions());
}

import { guardianLinksResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { guardianKeys } from "./query-keys";

/** GET /api/student/guardians: the learner's invitations waiting and guardians following them. */
async function getGuardians({ signal }: { signal?: AbortSignal } = {}) {
  return guardianLinksResponse.parse(await api.get("/student/guardians", { signal }));
}

const guardiansQueryOptions = () =>
  queryOptions({ queryKey: guardianKeys.ofStudent(), queryFn: getGuardians });

export function useGuardians() {
  return useQuery(guardiansQueryOptions());
}

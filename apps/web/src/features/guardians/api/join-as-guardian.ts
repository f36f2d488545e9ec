import { guardianLearnersResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { getGuardianLearners } from "./get-guardian-learners";
import { guardianKeys } from "./query-keys";

/**
 * POST /api/guardian/invitations/join: the signed-in guardian follows one more learner. Answers with the
 * learner just joined (the one not followed before), so the page can open on them.
 */
async function joinAsGuardian(token: string) {
  const before = await getGuardianLearners();
  const data = guardianLearnersResponse.parse(await api.post("/guardian/invitations/join", { token }));
  const known = new Set(before.learners.map((l) => l.id));
  return { ...data, joined: data.learners.find((l) => !known.has(l.id)) ?? null };
}

export function useJoinAsGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinAsGuardian,
    onSuccess: ({ learners }) => queryClient.setQueryData(guardianKeys.learners(), { learners }),
  });
}

import { guardianLinksResponse, type inviteGuardianRequest } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { guardianKeys } from "./query-keys";

export type InviteGuardianPayload = z.output<typeof inviteGuardianRequest>;

/** POST /api/student/guardians: emails the invitation (again, with a fresh link, to an address invited before). */
async function inviteGuardian(payload: InviteGuardianPayload) {
  return guardianLinksResponse.parse(await api.post("/student/guardians", payload));
}

export function useInviteGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteGuardian,
    onSuccess: (list) => queryClient.setQueryData(guardianKeys.ofStudent(), list),
  });
}

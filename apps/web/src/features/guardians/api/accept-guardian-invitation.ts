import type { AuthResponse, guardianRegistrationRequest } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { authStore } from "@/lib/auth-store";
import { parseAuthSession } from "@/lib/session-shape";

export type GuardianRegistrationPayload = z.output<typeof guardianRegistrationRequest>;

/**
 * POST /api/guardian/invitations/accept: a new guardian account for the invited email, signed in and
 * following the learner (the only way a guardian account is made).
 */
async function acceptGuardianInvitation(payload: GuardianRegistrationPayload): Promise<AuthResponse> {
  const data = await api.post("/guardian/invitations/accept", payload, { skipAuthRefresh: true });
  return parseAuthSession(data);
}

export function useAcceptGuardianInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptGuardianInvitation,
    onSuccess: (session) => {
      // Whatever was cached belonged to whoever was signed in before (if anyone).
      queryClient.clear();
      authStore.setSession(session);
    },
  });
}

import { confirmEmailChangeResponse, meResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { authStore } from "@/lib/auth-store";
import { accountQueryKey } from "./account-query-key";

export async function confirmEmailChange(token: string) {
  // No sign-in needed: the link may be opened on a device where nobody is signed in.
  const data = await api.post("/auth/email-change/confirm", { token }, { skipAuthRefresh: true });
  return confirmEmailChangeResponse.parse(data);
}

/** Re-reads the signed-in user, whose email (shown in the navbar) may be the one just changed. */
async function refreshSignedInUser() {
  const session = authStore.getState();
  if (!session) return;
  const { user } = meResponse.parse(await api.get("/auth/me"));
  const current = authStore.getState();
  if (current && current.user.id === user.id) authStore.setSession({ ...current, user });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: async () => {
      await refreshSignedInUser().catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey: accountQueryKey });
    },
  });
}

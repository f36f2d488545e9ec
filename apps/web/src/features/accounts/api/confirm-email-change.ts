import { confirmEmailChangeResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { refreshSignedInUser } from "@/lib/signed-in-user";
import { accountKeys } from "./query-keys";

async function confirmEmailChange(token: string) {
  // No sign-in needed: the link may be opened on a device where nobody is signed in.
  const data = await api.post("/auth/email-change/confirm", { token }, { skipAuthRefresh: true });
  return confirmEmailChangeResponse.parse(data);
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: async () => {
      // The signed-in user's email (shown in the navbar) may be the one just changed.
      await refreshSignedInUser();
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}

import { type changePasswordRequest, changePasswordResponse } from "@kerb/shared";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { authStore } from "@/lib/auth-store";

export type ChangePasswordPayload = z.output<typeof changePasswordRequest>;

async function changePassword(payload: ChangePasswordPayload) {
  const data = await api.post("/auth/change-password", payload);
  return changePasswordResponse.parse(data);
}

/** Every other session ends; this one carries on with the fresh tokens the server hands back. */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (tokens) => authStore.setTokens(tokens),
  });
}

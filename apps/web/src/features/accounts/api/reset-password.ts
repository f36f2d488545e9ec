import { type resetPasswordRequest, resetPasswordResponse } from "@kerb/shared";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";

export type ResetPasswordPayload = z.output<typeof resetPasswordRequest>;

export async function resetPassword(payload: ResetPasswordPayload) {
  const data = await api.post("/auth/reset-password", payload, { skipAuthRefresh: true });
  return resetPasswordResponse.parse(data);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

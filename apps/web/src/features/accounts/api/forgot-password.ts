import { type forgotPasswordRequest, forgotPasswordResponse } from "@kerb/shared";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";

export type ForgotPasswordPayload = z.output<typeof forgotPasswordRequest>;

/** Always 202: the answer does not say whether the address has an account. */
export async function forgotPassword(payload: ForgotPasswordPayload) {
  const data = await api.post("/auth/forgot-password", payload, { skipAuthRefresh: true });
  return forgotPasswordResponse.parse(data);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

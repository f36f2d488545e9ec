import type { AuthResponse, loginRequest } from "@kerb/shared";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { authStore } from "@/lib/auth-store";
import { parseAuthSession } from "@/lib/session-shape";

export type LoginPayload = z.output<typeof loginRequest>;

export async function login(payload: LoginPayload): Promise<AuthResponse> {
  // Wrong credentials answer 401: that is the caller's message to show, not a reason to refresh.
  const data = await api.post("/auth/login", payload, { skipAuthRefresh: true });
  const outstanding = (data as { outstandingLegal?: unknown }).outstandingLegal;
  // A new version of the terms to accept: the login page sends the user to accept it first.
  return {
    ...parseAuthSession(data),
    ...(Array.isArray(outstanding) && outstanding.length > 0
      ? { outstandingLegal: outstanding as NonNullable<AuthResponse["outstandingLegal"]> }
      : {}),
  };
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => authStore.setSession(session),
  });
}

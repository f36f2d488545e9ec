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
  return parseAuthSession(data);
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => authStore.setSession(session),
  });
}

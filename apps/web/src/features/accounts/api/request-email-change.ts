import { type emailChangeRequest, emailChangeResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { accountKeys } from "./query-keys";

export type EmailChangePayload = z.output<typeof emailChangeRequest>;

async function requestEmailChange(payload: EmailChangePayload) {
  const data = await api.post("/auth/email-change", payload);
  return emailChangeResponse.parse(data);
}

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

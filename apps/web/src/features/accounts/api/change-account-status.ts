import {
  type ReactivateUserRequest,
  reactivateUserResponse,
  type SuspendUserRequest,
  suspendUserResponse,
} from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { scopeKeys } from "@/lib/query-keys";

type SuspendUserResult = z.infer<typeof suspendUserResponse>;
type ReactivateUserResult = z.infer<typeof reactivateUserResponse>;

async function suspendUser({
  id,
  ...payload
}: SuspendUserRequest & { id: string }): Promise<SuspendUserResult> {
  const data = await api.post(`/admin/users/${encodeURIComponent(id)}/suspend`, payload);
  return suspendUserResponse.parse(data);
}

async function reactivateUser({
  id,
  ...payload
}: ReactivateUserRequest & { id: string }): Promise<ReactivateUserResult> {
  const data = await api.post(`/admin/users/${encodeURIComponent(id)}/reactivate`, payload);
  return reactivateUserResponse.parse(data);
}

/**
 * Suspends an account (sessions end, future lessons cancelled and refunded) or lifts a suspension. Every
 * admin list may have changed (an instructor's listing, the lessons, the audit log): all are refetched.
 */
export function useChangeAccountStatus() {
  const queryClient = useQueryClient();
  // Every admin list is under the admin scope (the users list among them).
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: scopeKeys.admin });
  return {
    suspend: useMutation({ mutationFn: suspendUser, onSuccess }),
    reactivate: useMutation({ mutationFn: reactivateUser, onSuccess }),
  };
}

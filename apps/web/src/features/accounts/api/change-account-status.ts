import {
  type ReactivateUserRequest,
  reactivateUserResponse,
  type SuspendUserRequest,
  suspendUserResponse,
} from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { adminUsersQueryKey } from "./get-admin-users";

export type SuspendUserResult = z.infer<typeof suspendUserResponse>;
export type ReactivateUserResult = z.infer<typeof reactivateUserResponse>;

export async function suspendUser({
  id,
  ...payload
}: SuspendUserRequest & { id: string }): Promise<SuspendUserResult> {
  const data = await api.post(`/admin/users/${encodeURIComponent(id)}/suspend`, payload);
  return suspendUserResponse.parse(data);
}

export async function reactivateUser({
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
  // Every admin query key starts with "admin" (the users list among them: adminUsersQueryKey).
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [adminUsersQueryKey[0]] });
  return {
    suspend: useMutation({ mutationFn: suspendUser, onSuccess }),
    reactivate: useMutation({ mutationFn: reactivateUser, onSuccess }),
  };
}

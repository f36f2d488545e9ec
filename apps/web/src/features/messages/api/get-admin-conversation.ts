import { type AdminConversation, adminConversationResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const ADMIN_CONVERSATION_PAGE_SIZE = 50;

export type AdminConversationParams = { studentId: string; instructorId: string; page: number };

/** Every message between a learner and an instructor, oldest first (each read is audited). */
export async function getAdminConversation(
  params: AdminConversationParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminConversation> {
  const data = await api.get("/admin/messages", {
    query: { ...params, pageSize: ADMIN_CONVERSATION_PAGE_SIZE },
    signal,
  });
  return adminConversationResponse.parse(data);
}

export const getAdminConversationQueryOptions = (params: AdminConversationParams) =>
  queryOptions({
    queryKey: ["admin", "messages", params] as const,
    queryFn: ({ signal }) => getAdminConversation(params, { signal }),
    placeholderData: keepPreviousData,
    // Each read is an audit entry: not asked again behind the admin's back.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export function useAdminConversation(params: AdminConversationParams) {
  return useQuery(getAdminConversationQueryOptions(params));
}

import { type AdminConversation, adminConversationResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type AdminConversationParams, messageKeys } from "./query-keys";

export const ADMIN_CONVERSATION_PAGE_SIZE = 50;

/** Every message between a learner and an instructor, oldest first (each read is audited). */
async function getAdminConversation(
  params: AdminConversationParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminConversation> {
  const data = await api.get("/admin/messages", {
    query: { ...params, pageSize: ADMIN_CONVERSATION_PAGE_SIZE },
    signal,
  });
  return adminConversationResponse.parse(data);
}

const getAdminConversationQueryOptions = (params: AdminConversationParams) =>
  queryOptions({
    queryKey: messageKeys.adminConversation(params),
    queryFn: ({ signal }) => getAdminConversation(params, { signal }),
    placeholderData: keepPreviousData,
    // Each read is an audit entry: not asked again behind the admin's back.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export function useAdminConversation(params: AdminConversationParams) {
  return useQuery(getAdminConversationQueryOptions(params));
}

import { type ConversationsPage, conversationsResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { messageKeys } from "./query-keys";

export const CONVERSATIONS_PAGE_SIZE = 20;

/** Everything under this key is the signed-in person's messages: a send or a read refreshes it all. */
async function getConversations(
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ConversationsPage> {
  const data = await api.get("/messages/conversations", {
    query: { page, pageSize: CONVERSATIONS_PAGE_SIZE },
    signal,
  });
  return conversationsResponse.parse(data);
}

const getConversationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: messageKeys.conversationList(page),
    queryFn: ({ signal }) => getConversations(page, { signal }),
    placeholderData: keepPreviousData,
    // New messages arrive while the page is open.
    refetchInterval: 30_000,
  });

/** The caller's conversations, the one with the latest message first. */
export function useConversations(page: number) {
  return useQuery(getConversationsQueryOptions(page));
}

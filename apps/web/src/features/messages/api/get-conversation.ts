import { type Conversation, conversationResponse } from "@kerb/shared";
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "@/lib/api-client";
import { messageKeys } from "./query-keys";

const CONVERSATION_PAGE_SIZE = 50;

/** The latest messages with `otherUserId`, or those before `before`; reading the latest marks them read. */
async function getConversation(
  otherUserId: string,
  before: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Conversation> {
  const data = await api.get(`/messages/conversations/${encodeURIComponent(otherUserId)}`, {
    query: { before, limit: CONVERSATION_PAGE_SIZE },
    signal,
  });
  return conversationResponse.parse(data);
}

const getConversationQueryOptions = (otherUserId: string) =>
  infiniteQueryOptions({
    queryKey: messageKeys.conversation(otherUserId),
    queryFn: ({ pageParam, signal }) => getConversation(otherUserId, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    // Pages go back in time: the next page is the one before the oldest message shown.
    getNextPageParam: (page) => (page.hasOlder ? page.messages[0]?.id : undefined),
    // A reply arrives while the conversation is open.
    refetchInterval: 15_000,
  });

/**
 * One conversation, its pages joined oldest first. Each read of the latest page marks the other
 * person's messages read, so the unread badge and the list are asked again once it arrives.
 */
export function useConversation(otherUserId: string) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(getConversationQueryOptions(otherUserId));
  const updatedAt = query.dataUpdatedAt;
  useEffect(() => {
    if (!updatedAt) return;
    void queryClient.invalidateQueries({ queryKey: messageKeys.unread() });
    void queryClient.invalidateQueries({ queryKey: messageKeys.conversationLists() });
  }, [updatedAt, queryClient]);
  const pages = query.data?.pages ?? [];
  return {
    ...query,
    with: pages[0]?.with,
    messages: [...pages].reverse().flatMap((page) => page.messages),
  };
}

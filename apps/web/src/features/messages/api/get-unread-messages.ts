import { type UnreadMessages, unreadMessagesResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export async function getUnreadMessages({ signal }: { signal?: AbortSignal } = {}): Promise<UnreadMessages> {
  return unreadMessagesResponse.parse(await api.get("/messages/unread", { signal }));
}

// Not under messagesQueryKey: the navigation's badge should not refetch with every list.
export const unreadMessagesQueryKey = ["messages-unread"] as const;

export const getUnreadMessagesQueryOptions = () =>
  queryOptions({
    queryKey: unreadMessagesQueryKey,
    queryFn: ({ signal }) => getUnreadMessages({ signal }),
    // One count a minute per signed-in tab: the badge is a hint, the email is the reliable notice.
    refetchInterval: 60_000,
    retry: false,
  });

/** How many messages to the signed-in learner or instructor are unread (the menu's badge). */
export function useUnreadMessages({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getUnreadMessagesQueryOptions(), enabled });
}

import { type UnreadMessages, unreadMessagesResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { messageKeys } from "./query-keys";

async function getUnreadMessages({ signal }: { signal?: AbortSignal } = {}): Promise<UnreadMessages> {
  return unreadMessagesResponse.parse(await api.get("/messages/unread", { signal }));
}

const getUnreadMessagesQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.unread(),
    queryFn: ({ signal }) => getUnreadMessages({ signal }),
    // One count a minute per signed-in tab: the badge is a hint, the email is the reliable notice.
    refetchInterval: 60_000,
    retry: false,
  });

/** How many messages to the signed-in learner or instructor are unread (the menu's badge). */
export function useUnreadMessages({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getUnreadMessagesQueryOptions(), enabled });
}

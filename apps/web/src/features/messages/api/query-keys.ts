export type AdminConversationParams = { studentId: string; instructorId: string; page: number };

export const messageKeys = {
  /** A learner's or an instructor's conversations and their pages: sending refreshes them all. */
  all: ["messages"] as const,
  conversationLists: () => [...messageKeys.all, "conversations"] as const,
  conversationList: (page: number) => [...messageKeys.conversationLists(), page] as const,
  conversation: (otherUserId: string) => [...messageKeys.all, "conversation", otherUserId] as const,
  /** Not under `all`: the navigation's badge should not refetch with every list. */
  unread: () => ["messages-unread"] as const,
  /**
   * An admin's read of a conversation is audited, so it is never asked again behind the admin's back:
   * outside the admin scope, which an admin's refunds and suspensions refresh.
   */
  adminConversation: (params: AdminConversationParams) => ["admin-conversation", params] as const,
};

import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "../constants.ts";
import { pageOf, pageQuery, safeText, uuid } from "./common.ts";

// Messages between a learner and an instructor who have a lesson together (/api/messages/*, both roles),
// and the admin's read of one conversation (/api/admin/messages).

/** A message as typed: plain text, trimmed, 1 to MESSAGE_MAX_LENGTH characters. */
export const messageBody = safeText({ error: "Write a message before sending it" })
  .trim()
  .min(1, "Write a message before sending it")
  .max(
    MESSAGE_MAX_LENGTH,
    `Keep a message to ${MESSAGE_MAX_LENGTH} characters or fewer (split a longer one in two)`,
  );

/** POST /api/messages/conversations/{otherUserId}. */
export const sendMessageRequest = z.object({ body: messageBody });
export type SendMessageRequest = z.input<typeof sendMessageRequest>;

/** The other person of a conversation: the caller's instructor or learner. */
export const conversationParams = z.object({ otherUserId: uuid });

/** Who the caller is talking to: never their phone number or email (those stay with the lesson). */
export const messagePerson = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(["STUDENT", "INSTRUCTOR"]),
});
export type MessagePerson = z.infer<typeof messagePerson>;

export const message = z.object({
  id: z.uuid(),
  body: z.string(),
  sentAt: z.string(),
  /** Sent by the caller (true) or by the other person. */
  fromMe: z.boolean(),
  /** When the recipient opened the conversation after it arrived; null while unread. */
  readAt: z.string().nullable(),
});
export type Message = z.infer<typeof message>;

/** GET /api/messages/conversations: `?page=&pageSize=`. */
export const conversationsQuery = pageQuery;

export const conversationSummary = z.object({
  with: messagePerson,
  lastMessage: message.pick({ body: true, sentAt: true, fromMe: true }),
  /** Messages from the other person the caller has not read yet. */
  unreadCount: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

/** The caller's conversations, the one with the latest message first. */
export const conversationsResponse = pageOf(conversationSummary);
export type ConversationsPage = z.infer<typeof conversationsResponse>;

/** GET /api/messages/unread: for the navigation's badge. */
export const unreadMessagesResponse = z.object({ unread: z.number().int() });
export type UnreadMessages = z.infer<typeof unreadMessagesResponse>;

/** The most messages one read of a conversation returns. */
export const CONVERSATION_PAGE_MAX = 100;

/** GET /api/messages/conversations/{otherUserId}: the latest `limit` messages, or those before `before`. */
export const conversationQuery = z.object({
  /** A message id of this conversation: the page ends just before it (to load older messages). */
  before: uuid.optional(),
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(CONVERSATION_PAGE_MAX, `limit cannot exceed ${CONVERSATION_PAGE_MAX}`)
    .default(50),
});
export type ConversationQuery = z.input<typeof conversationQuery>;

export const conversationResponse = z.object({
  with: messagePerson,
  /** Oldest first. */
  messages: z.array(message),
  /** Older messages exist: ask again with `before` set to the first message's id. */
  hasOlder: z.boolean(),
});
export type Conversation = z.infer<typeof conversationResponse>;

export const sendMessageResponse = z.object({ message });
export type SendMessageResponse = z.infer<typeof sendMessageResponse>;

/** GET /api/admin/messages: one learner–instructor conversation, a page at a time, oldest first. */
export const adminConversationQuery = pageQuery.extend({
  studentId: uuid,
  instructorId: uuid,
});
export type AdminConversationQuery = z.input<typeof adminConversationQuery>;

const adminMessageParty = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

export const adminMessage = z.object({
  id: z.uuid(),
  body: z.string(),
  sentAt: z.string(),
  sentBy: z.enum(["STUDENT", "INSTRUCTOR"]),
  readAt: z.string().nullable(),
  /** When an email told the recipient of it; null if they read it first (or it is not due yet). */
  emailedAt: z.string().nullable(),
});
export type AdminMessage = z.infer<typeof adminMessage>;

export const adminConversationResponse = pageOf(adminMessage).extend({
  student: adminMessageParty,
  instructor: adminMessageParty,
});
export type AdminConversation = z.infer<typeof adminConversationResponse>;

import {
  conversationParams,
  conversationQuery,
  conversationResponse,
  conversationsQuery,
  conversationsResponse,
  errorResponses,
  MESSAGE_EMAIL_DELAY_MINUTES,
  MESSAGE_MAX_LENGTH,
  MESSAGE_RATE_LIMIT,
  MESSAGE_RATE_WINDOW_MINUTES,
  sendMessageRequest,
  sendMessageResponse,
  unreadMessagesResponse,
} from "@kerb/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../../plugins/auth.ts";
import type { Caller } from "./conversation-pair.ts";
import { countUnreadMessages } from "./count-unread-messages.ts";
import { listConversations } from "./list-conversations.ts";
import { readConversation } from "./read-conversation.ts";
import { sendMessage } from "./send-message.ts";

const WHO =
  "The conversation is the caller's with the person in the path: a learner and an instructor with a " +
  "lesson together (scheduled, taught or missed; not an unpaid hold or a cancelled lesson). Anyone else, " +
  "or someone who does not exist, is 404.";

/**
 * Under /api/messages, for learners and instructors alike: the same paths for both roles, the caller's
 * side of each conversation taken from their session (never from the request).
 */
export const messageRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("STUDENT", "INSTRUCTOR"));
  const common = { tags: ["messages"], security: [{ bearerAuth: [] }] };
  const caller = (request: FastifyRequest): Caller => {
    const user = currentUser(request);
    return { id: user.id, role: user.role === "INSTRUCTOR" ? "INSTRUCTOR" : "STUDENT" };
  };

  app.get(
    "/conversations",
    {
      schema: {
        ...common,
        operationId: "listConversations",
        summary: "List my conversations",
        description:
          "The caller's conversations with their instructors (a learner) or learners (an instructor), " +
          "the one with the latest message first: the other person's name, the last message and how many " +
          "of theirs are unread. Only people the caller still has a lesson with are listed.",
        querystring: conversationsQuery,
        response: { 200: conversationsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => listConversations(ctx, caller(request), request.query),
  );

  app.get(
    "/unread",
    {
      schema: {
        ...common,
        operationId: "countUnreadMessages",
        summary: "Count my unread messages",
        description: "Messages to the caller not yet read, over all their conversations (the menu's badge).",
        response: { 200: unreadMessagesResponse, ...errorResponses(401, 403) },
      },
    },
    (request) => countUnreadMessages(ctx, caller(request)),
  );

  app.get(
    "/conversations/:otherUserId",
    {
      schema: {
        ...common,
        operationId: "getConversation",
        summary: "Read a conversation",
        description:
          `${WHO} Answers the latest \`limit\` messages, oldest first; \`before\` (a message id of this ` +
          "conversation, else 404) pages back to older ones. Reading the latest page marks the other " +
          "person's messages read, and a message read before its email is due is never emailed.",
        params: conversationParams,
        querystring: conversationQuery,
        response: { 200: conversationResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => readConversation(ctx, caller(request), request.params.otherUserId, request.query),
  );

  app.post(
    "/conversations/:otherUserId",
    {
      schema: {
        ...common,
        operationId: "sendMessage",
        summary: "Send a message",
        description:
          `${WHO} Plain text, trimmed, 1 to ${MESSAGE_MAX_LENGTH} characters (400 validation_error ` +
          `otherwise). At most ${MESSAGE_RATE_LIMIT} messages per sender in ${MESSAGE_RATE_WINDOW_MINUTES} ` +
          "minutes over all their conversations: more is 429 rate_limited with Retry-After. The other " +
          `person is emailed once a message has been unread for ${MESSAGE_EMAIL_DELAY_MINUTES} minutes, ` +
          "in one email with their other unread messages.",
        params: conversationParams,
        body: sendMessageRequest,
        response: { 201: sendMessageResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await sendMessage(ctx, caller(request), request.params.otherUserId, request.body)),
  );
};

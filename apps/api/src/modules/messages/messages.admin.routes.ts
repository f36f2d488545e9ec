import { adminConversationQuery, adminConversationResponse, errorResponses } from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { readConversationAsAdmin } from "./read-conversation-as-admin.ts";

/** The operator console's read of a conversation (mounted at /api/admin), ADMIN only, audited. */
export const adminMessageRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("ADMIN"));

  app.get(
    "/messages",
    {
      schema: {
        tags: ["admin"],
        operationId: "getAdminConversation",
        summary: "Read a learner and an instructor's messages",
        description:
          "Every message between the learner and the instructor, oldest first, a page at a time, with " +
          "when each was read and emailed: for settling a dispute. Each read is written to the audit log " +
          "(conversation.read). A learner or instructor id that is not one is 404.",
        security: [{ bearerAuth: [] }],
        querystring: adminConversationQuery,
        response: { 200: adminConversationResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => readConversationAsAdmin(ctx, currentUserId(request), request.query),
  );
};

import {
  adminOutboxMessageResponse,
  adminOutboxQuery,
  adminOutboxResponse,
  errorResponses,
  idParams,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { listOutboxEmails } from "./list-outbox-emails.ts";
import { retryOutboxEmail } from "./retry-outbox-email.ts";

/** /api/admin/outbox: every email the platform has written, delivered or not (ADMIN only). */
export const notificationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("ADMIN"));
  const common = { tags: ["admin"], security: [{ bearerAuth: [] }] };

  app.get(
    "/",
    {
      schema: {
        ...common,
        operationId: "listOutboxEmails",
        summary: "List outbox emails",
        description:
          "Every email written to the transactional outbox, newest first, optionally filtered by status " +
          "(PENDING, SENT, FAILED). Bodies are left out; each item carries a short plain-text preview.",
        querystring: adminOutboxQuery,
        response: { 200: adminOutboxResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => listOutboxEmails(ctx, request.query),
  );

  app.post(
    "/:id/retry",
    {
      schema: {
        ...common,
        operationId: "retryOutboxEmail",
        summary: "Retry a failed email",
        description:
          "Puts a FAILED email back in the queue and makes one delivery attempt at once; the answer shows " +
          "how it went (SENT, or FAILED with the error). Audited. An id that is not a UUID is 400; 409 when " +
          "the email is not FAILED.",
        params: idParams,
        response: { 200: adminOutboxMessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => retryOutboxEmail(ctx, request.params.id, currentUserId(request)),
  );
};

import {
  adminRefundResponse,
  adminRefundsQuery,
  adminRefundsResponse,
  errorResponses,
  idParams,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { listRefunds } from "./list-refunds.ts";
import { retryRefund } from "./retry-refund.ts";

/** /api/admin/refunds: the card-refund queue, visible to operators until every refund has gone through. */
export const refundRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("ADMIN"));
  const common = { tags: ["admin"], security: [{ bearerAuth: [] }] };

  app.get(
    "/",
    {
      schema: {
        ...common,
        operationId: "listRefunds",
        summary: "The card-refund queue",
        description:
          "Card refunds with their status, attempts and last error, optionally of one status, a page at a " +
          "time: operators see every refund until it has gone through.",
        querystring: adminRefundsQuery,
        response: { 200: adminRefundsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => listRefunds(ctx, request.query),
  );

  app.post(
    "/:id/retry",
    {
      schema: {
        ...common,
        operationId: "retryRefund",
        summary: "Retry a failed card refund now",
        description:
          "Sends a pending refund to the card provider at once, whatever its backoff says (audited). A " +
          "refund that has already gone through, or that another retry is sending right now, is 409 " +
          "invalid_state.",
        params: idParams,
        response: { 200: adminRefundResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => retryRefund(ctx, request.params.id, currentUserId(request)),
  );
};

import { adminPaymentsQuery, adminPaymentsResponse, errorResponses } from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { listPayments } from "./list-payments.ts";

/** Payments in the operator console (mounted at /api/admin), ADMIN only. */
export const paymentAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // onRequest: the caller is checked before the query is validated (401/403 before any 400).
  app.addHook("onRequest", ctx.guard("ADMIN"));

  app.get(
    "/payments",
    {
      schema: {
        tags: ["admin"],
        operationId: "listAdminPayments",
        summary: "Search payments",
        description: "Every payment, newest first, a page at a time, optionally of one status or provider.",
        security: [{ bearerAuth: [] }],
        querystring: adminPaymentsQuery,
        response: { 200: adminPaymentsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => listPayments(ctx, request.query),
  );
};

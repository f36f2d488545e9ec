import { auditLogQuery, auditLogResponse, errorResponses } from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { listAuditLog } from "./list-audit-log.ts";

/** The audit log in the operator console (mounted at /api/admin), ADMIN only. */
export const auditAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // onRequest: the caller is checked before the query is validated (401/403 before any 400).
  app.addHook("onRequest", ctx.guard("ADMIN"));

  app.get(
    "/audit-log",
    {
      schema: {
        tags: ["admin"],
        operationId: "listAuditLog",
        summary: "Search the audit log",
        description:
          "Who changed what and when, newest first, a page at a time. actor matches an email or name, " +
          "action an exact action (booking.cancel) or a family ending in a dot (booking.), from/to are " +
          "inclusive Sydney dates.",
        security: [{ bearerAuth: [] }],
        querystring: auditLogQuery,
        response: { 200: auditLogResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => listAuditLog(ctx, request.query),
  );
};

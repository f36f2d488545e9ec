import { adminUsersQuery, adminUsersResponse, errorResponses } from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { createAccountService } from "./accounts.service.ts";

/** Accounts in the operator console (mounted at /api/admin), ADMIN only. */
export const accountAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const accounts = createAccountService(ctx);
  // onRequest: the caller is checked before the query is validated (401/403 before any 400).
  app.addHook("onRequest", ctx.guard("ADMIN"));

  app.get(
    "/users",
    {
      schema: {
        tags: ["admin"],
        operationId: "listUsers",
        summary: "Search accounts",
        description:
          "Every account, newest first, a page at a time; search matches name or email, role filters.",
        security: [{ bearerAuth: [] }],
        querystring: adminUsersQuery,
        response: { 200: adminUsersResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => accounts.listUsers(request.query),
  );
};

import { complianceFollowUpQuery, complianceFollowUpResponse, errorResponses } from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { createComplianceService } from "./compliance.service.ts";

/** Compliance follow-up for operators (mounted at /api/admin/compliance), ADMIN only. */
export const complianceRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const compliance = createComplianceService(ctx);
  app.addHook("onRequest", ctx.guard("ADMIN"));

  app.get(
    "/follow-up",
    {
      schema: {
        tags: ["admin"],
        operationId: "listComplianceFollowUp",
        summary: "Lessons whose instructor may not teach",
        description:
          "Scheduled lessons still to come whose instructor is not listable today (delisted, waiting for " +
          "verification, or a licence or Working-With-Children expiry missing or past), soonest first, with " +
          "the reasons and when the student was emailed. Cancel them from the bookings API for a full refund.",
        security: [{ bearerAuth: [] }],
        querystring: complianceFollowUpQuery,
        response: { 200: complianceFollowUpResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => compliance.listFollowUp(request.query),
  );
};

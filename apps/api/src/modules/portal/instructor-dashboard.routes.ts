import { errorResponses, instructorDashboardResponse } from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { getInstructorDashboard } from "./instructor-dashboard.ts";

export const instructorDashboardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("INSTRUCTOR"));

  app.get(
    "/dashboard",
    {
      schema: {
        tags: ["instructor"],
        operationId: "getInstructorDashboard",
        summary: "The instructor's dashboard",
        description:
          "Today's schedule, the next 5 lessons, this week's and this month's figures, rates and the " +
          "instructor's listing details, as of the Sydney date today.",
        security: [{ bearerAuth: [] }],
        response: { 200: instructorDashboardResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => getInstructorDashboard(ctx, currentUserId(request)),
  );
};

import { errorResponses, instructorProfileResponse } from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { getInstructorProfile } from "./get-instructor-profile.ts";

/**
 * The instructor's profile (mounted at /api/instructor), INSTRUCTOR only. The instructor's other routes
 * live with their domains under the same prefix: the dashboard (portal), hours, overrides and settings
 * (schedule), lessons, payouts, calendar (the feed URL) and accounts (editable details).
 */
export const instructorRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // onRequest, not preHandler: the caller is checked before the body is even parsed or validated,
  // so an anonymous or wrong-role request gets 401/403, never a 400 about its payload.
  app.addHook("onRequest", ctx.guard("INSTRUCTOR"));

  const tags = ["instructor"];
  const security = [{ bearerAuth: [] }];

  app.get(
    "/profile",
    {
      schema: {
        tags,
        operationId: "getInstructorProfile",
        summary: "The signed-in instructor's profile",
        description:
          "The instructor's details, suburbs, languages, rates and verification status, and their lessons.",
        security,
        response: { 200: instructorProfileResponse, ...errorResponses(401, 403) },
      },
    },
    (request) => getInstructorProfile(ctx, currentUserId(request)),
  );
};

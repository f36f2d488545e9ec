import { errorResponse, instructorProfileResponse } from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { createInstructorService } from "./instructors.service.ts";

export const instructorRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const instructors = createInstructorService(ctx);
  app.addHook("onRequest", ctx.guard("INSTRUCTOR"));

  app.get(
    "/profile",
    {
      schema: {
        tags: ["instructor"],
        security: [{ bearerAuth: [] }],
        response: { 200: instructorProfileResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    (request) => instructors.getProfile(currentUser(request).id),
  );
};

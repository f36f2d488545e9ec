import { errorResponses, studentProfileResponse } from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { getStudentProfile } from "./student-profile.ts";

export const studentProfileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("STUDENT"));

  app.get(
    "/profile",
    {
      schema: {
        tags: ["student"],
        operationId: "getStudentProfile",
        summary: "The signed-in student's profile and lessons",
        description: "The student's details, their lessons (past and upcoming) and their lesson bundles.",
        security: [{ bearerAuth: [] }],
        response: { 200: studentProfileResponse, ...errorResponses(401, 403) },
      },
    },
    (request) => getStudentProfile(ctx, currentUserId(request)),
  );
};

import { errorResponse, studentProfileResponse } from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { createStudentService } from "./students.service.ts";

export const studentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const students = createStudentService(ctx);
  app.addHook("onRequest", ctx.guard("STUDENT"));

  app.get(
    "/profile",
    {
      schema: {
        tags: ["student"],
        security: [{ bearerAuth: [] }],
        response: { 200: studentProfileResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    (request) => students.getProfile(currentUser(request).id),
  );
};

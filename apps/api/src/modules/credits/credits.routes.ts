import {
  bundleInstructorRequest,
  creditBookingRequest,
  creditBookingResponse,
  errorResponses,
  idParams,
  studentBundleResponse,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { createCreditService } from "./credits.service.ts";

const errors = errorResponses(400, 401, 403, 404, 409);

/** Under /api/student/bundles: a bought bundle, its credits spent on lessons with its instructor. */
export const creditRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const credits = createCreditService(ctx);
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = { tags: ["bundles"], security: [{ bearerAuth: [] }], params: idParams };

  app.get(
    "/:id",
    { schema: { ...common, response: { 200: studentBundleResponse, ...errors } } },
    async (request) => ({ bundle: await credits.getBundle(currentUser(request).id, request.params.id) }),
  );

  app.post(
    "/:id/bookings",
    {
      schema: {
        ...common,
        body: creditBookingRequest,
        response: { 201: creditBookingResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await credits.spend(currentUser(request).id, request.params.id, request.body)),
  );

  app.put(
    "/:id/instructor",
    {
      schema: {
        ...common,
        body: bundleInstructorRequest,
        response: { 200: studentBundleResponse, ...errors },
      },
    },
    async (request) => ({
      bundle: await credits.changeInstructor(
        currentUser(request).id,
        request.params.id,
        request.body.instructorId,
      ),
    }),
  );
};

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
import { currentUserId } from "../../plugins/auth.ts";
import { changeBundleInstructor } from "./change-bundle-instructor.ts";
import { getCreditBundle } from "./get-credit-bundle.ts";
import { spendBundleCredits } from "./spend-bundle-credits.ts";

const errors = errorResponses(400, 401, 403, 404, 409);

/** Under /api/student/bundles: a bought bundle, its credits spent on lessons with its instructor. */
export const creditRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = { tags: ["bundles"], security: [{ bearerAuth: [] }], params: idParams };

  app.get(
    "/:id",
    {
      schema: {
        ...common,
        operationId: "getBundle",
        summary: "One of the student's bundles",
        description: "The bundle's instructor, suburb, and credits used and left, for booking with credits.",
        response: { 200: studentBundleResponse, ...errors },
      },
    },
    async (request) => ({ bundle: await getCreditBundle(ctx, currentUserId(request), request.params.id) }),
  );

  app.post(
    "/:id/bookings",
    {
      schema: {
        ...common,
        operationId: "createCreditBookings",
        summary: "Book lessons with bundle credits",
        description:
          "Books the chosen slots with the bundle's instructor, one credit each, all or nothing: too few " +
          "credits is 409 insufficient_credits, an expired bundle 409 bundle_expired, a taken slot 409 " +
          "slot_unavailable.",
        body: creditBookingRequest,
        response: { 201: creditBookingResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await spendBundleCredits(ctx, currentUserId(request), request.params.id, request.body)),
  );

  app.put(
    "/:id/instructor",
    {
      schema: {
        ...common,
        operationId: "changeBundleInstructor",
        summary: "Move a bundle's credits to another instructor",
        description:
          "Only while the bundle's own instructor may not be booked (delisted or documents lapsed): the " +
          "remaining credits move to another verified instructor of the bundle's suburb.",
        body: bundleInstructorRequest,
        response: { 200: studentBundleResponse, ...errors },
      },
    },
    async (request) => ({
      bundle: await changeBundleInstructor(
        ctx,
        currentUserId(request),
        request.params.id,
        request.body.instructorId,
      ),
    }),
  );
};

import {
  errorResponses,
  idParams,
  publicTestPackageResponse,
  testPackageOfferRequest,
  testPackageOfferResponse,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { getPublicTestPackage } from "./get-public-test-package.ts";
import { getTestPackage } from "./get-test-package.ts";
import { saveTestPackage } from "./save-test-package.ts";

/** /api/instructor/test-package, INSTRUCTOR only: the instructor's driving-test package offer (issue 33). */
export const instructorTestPackageRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // onRequest: the caller is checked before the body is parsed or validated (401/403 before any 400).
  app.addHook("onRequest", ctx.guard("INSTRUCTOR"));
  const common = { tags: ["instructor"], security: [{ bearerAuth: [] }] };

  app.get(
    "/test-package",
    {
      schema: {
        ...common,
        operationId: "getTestPackageOffer",
        summary: "The instructor's driving-test package offer",
        description:
          "Whether they sell test packages, the price (dollars ex GST, and what a learner pays with GST), " +
          "whether a 60-minute warm-up lesson comes before the test, and the test centres they take " +
          "learners to. Off, with no price, until first saved.",
        response: { 200: testPackageOfferResponse, ...errorResponses(401, 403) },
      },
    },
    (request) => getTestPackage(ctx, currentUserId(request)),
  );

  app.put(
    "/test-package",
    {
      schema: {
        ...common,
        operationId: "saveTestPackageOffer",
        summary: "Offer driving-test packages, or stop",
        description:
          "Replaces the offer: enabled, price (dollars ex GST, whole cents, $60–$900; learners pay GST on " +
          "top as for lessons), includesWarmUp, and centreIds (ids of the NSW test centres list; each " +
          "once). An offer switched on needs at least one centre. Audited when it changes.",
        body: testPackageOfferRequest,
        response: { 200: testPackageOfferResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => saveTestPackage(ctx, currentUserId(request), request.body),
  );
};

/** /api/instructors/:id/test-package: public, beside the instructor's public reviews. */
export const publicTestPackageRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    "/:id/test-package",
    {
      schema: {
        tags: ["availability"],
        operationId: "getInstructorTestPackage",
        summary: "Whether an instructor sells driving-test packages",
        description:
          "Public. For a listed instructor: whether they offer test packages and, if so, the price a " +
          "learner pays (GST included, with the ex-GST component in priceText), whether a warm-up lesson " +
          "is included and the test centres. Unknown or unlisted instructors answer 404.",
        params: idParams,
        response: { 200: publicTestPackageResponse, ...errorResponses(400, 404) },
      },
    },
    (request) => getPublicTestPackage(ctx, request.params.id),
  );
};

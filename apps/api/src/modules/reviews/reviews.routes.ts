import {
  adminReviewResponse,
  adminReviewsQuery,
  adminReviewsResponse,
  createReviewRequest,
  createReviewResponse,
  errorResponses,
  idParams,
  instructorReviewsQuery,
  instructorReviewsResponse,
} from "@kerb/shared";
import { REVIEW_WINDOW } from "@kerb/shared/words";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { createReview } from "./create-review.ts";
import { listAdminReviews } from "./list-admin-reviews.ts";
import { listInstructorReviews } from "./list-instructor-reviews.ts";
import { setReviewVisibility } from "./set-review-visibility.ts";

/** Under /api/student/bookings: the student reviews one of their own completed lessons. */
export const studentReviewRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("STUDENT"));

  app.post(
    "/:id/review",
    {
      schema: {
        operationId: "createLessonReview",
        summary: "Review a completed lesson",
        description:
          "1–5 stars and an optional plain-text comment for one of the student's own COMPLETED lessons, once, " +
          `within ${REVIEW_WINDOW} of the lesson's end. The instructor's rating is recounted in the same transaction. ` +
          "Another student's lesson answers 404; a second review, a lesson not completed or a closed window 409.",
        tags: ["reviews"],
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: createReviewRequest,
        response: { 201: createReviewResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const result = await createReview(ctx, currentUserId(request), request.params.id, request.body);
      return reply.code(201).send(result);
    },
  );
};

/** Under /api/instructors: what anyone may read about a listed instructor. */
export const publicReviewRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    "/:id/reviews",
    {
      schema: {
        operationId: "listInstructorReviews",
        summary: "An instructor's reviews",
        description:
          "Public. The listed instructor's profile and rating with their visible reviews, newest first, paged. " +
          "Reviewers are named by first name and initial only. Unknown or unlisted instructors answer 404.",
        tags: ["reviews"],
        params: idParams,
        querystring: instructorReviewsQuery,
        response: { 200: instructorReviewsResponse, ...errorResponses(400, 404) },
      },
    },
    (request) => listInstructorReviews(ctx, request.params.id, request.query),
  );
};

/** Under /api/admin/reviews: moderation. Hiding takes a review out of the rating and out of sight. */
export const adminReviewRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("ADMIN"));
  const common = { tags: ["admin"], security: [{ bearerAuth: [] }] };

  app.get(
    "/",
    {
      schema: {
        ...common,
        operationId: "listAdminReviews",
        summary: "List reviews for moderation",
        description: "Every review, newest first, paged; filter by visibility and instructor.",
        querystring: adminReviewsQuery,
        response: { 200: adminReviewsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => listAdminReviews(ctx, request.query),
  );

  app.post(
    "/:id/hide",
    {
      schema: {
        ...common,
        operationId: "hideReview",
        summary: "Hide a review",
        description:
          "The review stops counting towards the instructor's rating and is no longer shown; audited " +
          "(review.hide, before → after). Hiding a hidden review changes nothing.",
        params: idParams,
        response: { 200: adminReviewResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      review: await setReviewVisibility(ctx, request.params.id, currentUserId(request), true),
    }),
  );

  app.post(
    "/:id/unhide",
    {
      schema: {
        ...common,
        operationId: "unhideReview",
        summary: "Show a hidden review again",
        description:
          "The review counts towards the rating and is shown again; audited (review.unhide, before → after).",
        params: idParams,
        response: { 200: adminReviewResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      review: await setReviewVisibility(ctx, request.params.id, currentUserId(request), false),
    }),
  );
};

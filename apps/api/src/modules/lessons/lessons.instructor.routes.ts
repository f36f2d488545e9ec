import {
  errorResponses,
  idParams,
  instructorCancelLessonRequest,
  instructorLessonsQuery,
  instructorLessonsResponse,
  lessonActionResponse,
  lessonCancellationResponse,
  staffCancellationPreviewResponse,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { cancelLessonAsInstructor } from "./cancel-lesson-as-instructor.ts";
import { cancellationPreviewDocs } from "./cancellation-preview-docs.ts";
import { listInstructorLessons } from "./list-instructor-lessons.ts";
import { markLessonCompleted } from "./mark-lesson-completed.ts";
import { markLessonNoShow } from "./mark-lesson-no-show.ts";
import { moveProposalSchema, withdrawMoveProposalSchema } from "./move-proposal-docs.ts";
import { previewInstructorCancellation } from "./preview-instructor-cancellation.ts";
import { proposeLessonMove } from "./propose-lesson-move.ts";
import { withdrawMoveProposal } from "./withdraw-move-proposal.ts";

/**
 * The instructor's lessons in the portal (mounted at /api/instructor), INSTRUCTOR only: ids are looked
 * up among the signed-in instructor's own lessons, so another instructor's id answers 404.
 */
export const instructorLessonRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // onRequest: the caller is checked before the body is parsed or validated (401/403 before any 400).
  app.addHook("onRequest", ctx.guard("INSTRUCTOR"));

  const tags = ["instructor"];
  const security = [{ bearerAuth: [] }];
  const errors = errorResponses(400, 401, 403, 404);
  const stateErrors = errorResponses(400, 401, 403, 404, 409);

  app.get(
    "/lessons",
    {
      schema: {
        tags,
        operationId: "listInstructorLessons",
        summary: "The instructor's lessons, a page at a time",
        description:
          "upcoming: scheduled lessons that have not ended, soonest first. past: everything else " +
          "(ended, completed, no-show, cancelled), newest first.",
        security,
        querystring: instructorLessonsQuery,
        response: { 200: instructorLessonsResponse, ...errors },
      },
    },
    (request) => listInstructorLessons(ctx, currentUserId(request), request.query),
  );

  app.post(
    "/lessons/:id/complete",
    {
      schema: {
        tags,
        operationId: "completeLesson",
        summary: "Mark a lesson taught",
        description:
          "Only a scheduled lesson that has ended can be marked completed; anything else is 409 " +
          "invalid_state with the reason.",
        security,
        params: idParams,
        response: { 200: lessonActionResponse, ...stateErrors },
      },
    },
    (request) => markLessonCompleted(ctx, currentUserId(request), request.params.id),
  );

  app.post(
    "/lessons/:id/no-show",
    {
      schema: {
        tags,
        operationId: "markLessonNoShow",
        summary: "Mark that the student did not come",
        description:
          "Only a scheduled lesson that has ended can be marked a no-show; anything else is 409 " +
          "invalid_state with the reason. Nothing is refunded.",
        security,
        params: idParams,
        response: { 200: lessonActionResponse, ...stateErrors },
      },
    },
    (request) => markLessonNoShow(ctx, currentUserId(request), request.params.id),
  );

  app.get(
    "/lessons/:id/cancellation",
    {
      schema: {
        tags,
        operationId: "getInstructorCancellationPreview",
        ...cancellationPreviewDocs,
        security,
        params: idParams,
        response: { 200: staffCancellationPreviewResponse, ...stateErrors },
      },
    },
    (request) => previewInstructorCancellation(ctx, currentUserId(request), request.params.id),
  );

  app.post(
    "/lessons/:id/cancel",
    {
      schema: {
        tags,
        operationId: "cancelInstructorLesson",
        summary: "Cancel a lesson as its instructor",
        description:
          "Cancels a scheduled lesson; the student gets everything back (card refund queued, or the " +
          "bundle credit returned) and an email quoting the reason, which is required (audited). A lesson " +
          "that is not scheduled is 409 invalid_state.",
        security,
        params: idParams,
        body: instructorCancelLessonRequest,
        response: { 200: lessonCancellationResponse, ...stateErrors },
      },
    },
    (request) => cancelLessonAsInstructor(ctx, currentUserId(request), request.params.id, request.body),
  );

  app.post(
    "/lessons/:id/move-proposals",
    {
      schema: { tags, security, ...moveProposalSchema("instructor") },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await proposeLessonMove(
            ctx,
            { id: currentUserId(request), role: "INSTRUCTOR" },
            request.params.id,
            request.body,
          ),
        ),
  );

  app.post(
    "/move-proposals/:id/withdraw",
    { schema: { tags, security, ...withdrawMoveProposalSchema("instructor") } },
    (request) =>
      withdrawMoveProposal(ctx, { id: currentUserId(request), role: "INSTRUCTOR" }, request.params.id),
  );
};

import {
  cancellationPreviewResponse,
  cancelStudentBookingResponse,
  errorResponses,
  idempotencyKeyHeaders,
  idParams,
  rescheduleRequest,
  rescheduleResponse,
} from "@kerb/shared";
import { RESCHEDULE_NOTICE } from "@kerb/shared/words";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { IDEMPOTENCY_ERRORS, idempotent } from "../../plugins/idempotency.ts";
import { cancelOwnLesson } from "./cancel-own-lesson.ts";
import { previewOwnCancellation } from "./preview-own-cancellation.ts";
import { rescheduleOwnLesson } from "./reschedule-own-lesson.ts";

const _holdErrors = errorResponses(400, 401, 403, 404, 409, 429);
const errors = errorResponses(400, 401, 403, 404, 409);

/** Under /api/student/bookings: the student cancels or moves a lesson (holding and paying is checkout's). */
export const studentLessonRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = { tags: ["bookings"], security: [{ bearerAuth: [] }] };
  const ownLesson = { ...common, params: idParams };

  app.get(
    "/:id/cancellation",
    {
      schema: {
        ...ownLesson,
        operationId: "getCancellationPreview",
        summary: "What cancelling a lesson would refund",
        description:
          "Exactly what cancelling the lesson now would do (refund tier and amount, and a sentence for " +
          "the confirm dialog), by the same rule and clock; nothing is changed.",
        response: { 200: cancellationPreviewResponse, ...errors },
      },
    },
    (request) => previewOwnCancellation(ctx, currentUserId(request), request.params.id),
  );

  app.post(
    "/:id/cancel",
    {
      schema: {
        ...ownLesson,
        operationId: "cancelStudentBooking",
        summary: "Cancel one of the student's lessons",
        description:
          "Cancels a scheduled lesson and refunds by the cancellation rule (card refunds are queued, " +
          "bundle credits come back). A lesson that is not scheduled is 409 invalid_state.",
        response: { 200: cancelStudentBookingResponse, ...errors },
      },
    },
    (request) => cancelOwnLesson(ctx, currentUserId(request), request.params.id),
  );

  app.post(
    "/:id/reschedule",
    {
      schema: {
        ...ownLesson,
        operationId: "rescheduleStudentBooking",
        summary: "Move a lesson to another free slot",
        description:
          "Moves a scheduled lesson to another free slot of the same instructor, suburb and kind, at the " +
          `price already paid; allowed up to ${RESCHEDULE_NOTICE} before the lesson (409 reschedule_window_closed after). ` +
          "A move to the time the lesson already has is 400, unless it repeats the move that put it there " +
          "with the same Idempotency-Key: that answers 200 as the move did, and nothing is sent again.",
        headers: idempotencyKeyHeaders,
        body: rescheduleRequest,
        response: { 200: rescheduleResponse, ...errors, ...IDEMPOTENCY_ERRORS },
      },
      ...idempotent(ctx),
    },
    (request) => rescheduleOwnLesson(ctx, currentUserId(request), request.params.id, request.body),
  );
};

import {
  batchBookingRequest,
  cancellationPreviewResponse,
  cancelStudentBookingResponse,
  checkoutResponse,
  confirmResponse,
  errorResponses,
  idParams,
  paymentIdParams,
  rescheduleRequest,
  rescheduleResponse,
} from "@kerb/shared";
import { RESCHEDULE_NOTICE } from "@kerb/shared/words";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { createCheckoutService } from "../checkout/checkout.service.ts";
import { createLessonService } from "./lessons.service.ts";

const holdErrors = errorResponses(400, 401, 403, 404, 409, 429);
const errors = errorResponses(400, 401, 403, 404, 409);

/** Under /api/student/bookings: the student holds lessons and pays, then cancels or moves one. */
export const studentLessonRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const lessons = createLessonService(ctx);
  const checkout = createCheckoutService(ctx);
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = { tags: ["bookings"], security: [{ bearerAuth: [] }] };
  const ownLesson = { ...common, params: idParams };

  app.post(
    "/batch",
    {
      schema: {
        ...common,
        operationId: "createBookingBatch",
        summary: "Hold lessons and start paying for them",
        description:
          "Holds every chosen slot at once (all or nothing) and opens one payment for them. With a card " +
          "provider the answer carries paymentUrl; in demo mode the client confirms the payment itself. " +
          "A slot taken meanwhile is 409 slot_unavailable; an unknown suburb is 400 invalid_suburb.",
        body: batchBookingRequest,
        response: { 201: checkoutResponse, ...holdErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await lessons.hold(currentUser(request).id, request.body)),
  );

  app.post(
    "/batch/confirm/:paymentId",
    {
      schema: {
        ...common,
        operationId: "confirmBookingBatch",
        summary: "Confirm the payment of held lessons",
        description:
          'The client\'s "I have paid": checked with the card provider, never taken on trust, then the ' +
          "held lessons are booked. Not paid yet is 402 verification_failed, the provider unreachable 502 " +
          "verification_error, a hold that lapsed first 409 hold_expired (a late charge is refunded).",
        params: paymentIdParams,
        response: { 200: confirmResponse, ...holdErrors, ...errorResponses(402, 502) },
      },
    },
    (request) => checkout.confirm(request.params.paymentId, currentUser(request).id, "BOOKINGS"),
  );

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
    (request) => lessons.previewCancellation(currentUser(request).id, request.params.id),
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
    (request) => lessons.cancel(currentUser(request).id, request.params.id),
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
          `price already paid; allowed up to ${RESCHEDULE_NOTICE} before the lesson (409 reschedule_window_closed after).`,
        body: rescheduleRequest,
        response: { 200: rescheduleResponse, ...errors },
      },
    },
    (request) => lessons.reschedule(currentUser(request).id, request.params.id, request.body),
  );
};

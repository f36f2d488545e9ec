import {
  batchBookingRequest,
  checkoutResponse,
  confirmResponse,
  errorResponses,
  idempotencyKeyHeaders,
  paymentIdParams,
} from "@kerb/shared";
import { learnerCaller } from "@kerb/shared/rules";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { IDEMPOTENCY_ERRORS, idempotent } from "../../plugins/idempotency.ts";
import { confirmPayment } from "./confirm-payment.ts";
import { holdLessons } from "./hold-lessons.ts";

const holdErrors = { ...errorResponses(400, 401, 403, 404, 409, 429), ...IDEMPOTENCY_ERRORS };

/** Under /api/student/bookings: the student holds lessons and pays for them (a booking, the act). */
export const lessonCheckoutRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = { tags: ["bookings"], security: [{ bearerAuth: [] }] };

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
          "A slot taken meanwhile is 409 slot_unavailable; an unknown suburb is 400 invalid_suburb. With " +
          "savedCardId your saved card is charged off-session (decision 041): the answer is then already " +
          "paid (savedCard.status paid), or the bank wants you present (savedCard.status " +
          "authentication_required, follow paymentUrl: the same payment, times still held). A declined card " +
          "is 402 card_declined: nothing is booked, the times are released, pay on-session instead. A card " +
          "that is not yours (or removed) is 404 card_not_found, before anything is held.",
        headers: idempotencyKeyHeaders,
        body: batchBookingRequest,
        response: { 201: checkoutResponse, ...holdErrors, ...errorResponses(402, 502) },
      },
      ...idempotent(ctx),
    },
    async (request, reply) =>
      reply.status(201).send(await holdLessons(ctx, currentUserId(request), request.body)),
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
        headers: idempotencyKeyHeaders,
        params: paymentIdParams,
        response: { 200: confirmResponse, ...holdErrors, ...errorResponses(402, 502) },
      },
      ...idempotent(ctx),
    },
    (request) =>
      confirmPayment(ctx, request.params.paymentId, learnerCaller(currentUserId(request)), "BOOKINGS"),
  );
};

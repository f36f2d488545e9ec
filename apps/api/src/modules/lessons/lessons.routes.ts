import {
  batchBookingRequest,
  checkoutResponse,
  confirmResponse,
  errorResponses,
  paymentIdParams,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { createCheckoutService } from "../checkout/checkout.service.ts";
import { createBookingService } from "./lessons.service.ts";

const errors = errorResponses(400, 401, 403, 404, 409, 429);

export const bookingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const bookings = createBookingService(ctx);
  const checkout = createCheckoutService(ctx);
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
          "A slot taken meanwhile is 409 slot_unavailable; an unknown suburb is 400 invalid_suburb.",
        body: batchBookingRequest,
        response: { 201: checkoutResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await bookings.createBatch(currentUser(request).id, request.body)),
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
        response: { 200: confirmResponse, ...errors, ...errorResponses(402, 502) },
      },
    },
    (request) => checkout.confirm(request.params.paymentId, currentUser(request).id, "BOOKINGS"),
  );
};

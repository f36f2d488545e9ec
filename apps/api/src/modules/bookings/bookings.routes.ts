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
import { createBookingService } from "./bookings.service.ts";

const errors = errorResponses(400, 401, 403, 404, 409, 429);

export const bookingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const bookings = createBookingService(ctx);
  const checkout = createCheckoutService(ctx);
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = { tags: ["bookings"], security: [{ bearerAuth: [] }] };

  app.post(
    "/batch",
    { schema: { ...common, body: batchBookingRequest, response: { 201: checkoutResponse, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await bookings.createBatch(currentUser(request).id, request.body)),
  );

  app.post(
    "/batch/confirm/:paymentId",
    { schema: { ...common, params: paymentIdParams, response: { 200: confirmResponse, ...errors } } },
    (request) => checkout.confirm(request.params.paymentId, currentUser(request).id, "BOOKINGS"),
  );
};

import { errorResponses, idParams, paymentResponse } from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { paymentCallerOf } from "../guardians/index.ts";
import { getPayment } from "./describe-payment.ts";

export const paymentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    "/:id",
    {
      schema: {
        tags: ["payments"],
        operationId: "getPayment",
        summary: "One of the caller's payments",
        description:
          "The payment with its amounts (AUD, GST included), status, and the lessons or bundle it pays " +
          "for. Someone else's payment is 404, as if it did not exist.",
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: paymentResponse, ...errorResponses(400, 401, 404) },
      },
      onRequest: ctx.guard(),
    },
    async (request) =>
      getPayment(ctx, request.params.id, await paymentCallerOf(ctx.db, currentUser(request))),
  );
};

import { errorResponse, idParams, paymentResponse } from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { createPaymentService } from "./payments.service.ts";

export const paymentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const payments = createPaymentService(ctx);

  app.get(
    "/:id",
    {
      schema: {
        tags: ["payments"],
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: paymentResponse, 401: errorResponse, 404: errorResponse },
      },
      onRequest: ctx.guard(),
    },
    (request) => payments.getPayment(request.params.id, currentUser(request).id),
  );
};

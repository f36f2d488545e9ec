import {
  bundlePurchaseRequest,
  checkoutResponse,
  confirmResponse,
  errorResponses,
  paymentIdParams,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { createCheckoutService } from "../checkout/checkout.service.ts";
import { createBundleService } from "./bundles.service.ts";

const errors = errorResponses(400, 401, 403, 404, 409);

export const bundleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const bundles = createBundleService(ctx);
  const checkout = createCheckoutService(ctx);
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = { tags: ["bundles"], security: [{ bearerAuth: [] }] };

  app.post(
    "/purchase",
    { schema: { ...common, body: bundlePurchaseRequest, response: { 201: checkoutResponse, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await bundles.purchase(currentUser(request).id, request.body)),
  );

  app.post(
    "/confirm/:paymentId",
    { schema: { ...common, params: paymentIdParams, response: { 200: confirmResponse, ...errors } } },
    (request) => checkout.confirm(request.params.paymentId, currentUser(request).id, "BUNDLE"),
  );
};

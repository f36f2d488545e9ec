import {
  bundlePurchaseRequest,
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
import { purchaseBundle } from "./purchase-bundle.ts";

const errors = errorResponses(400, 401, 403, 404, 409);

export const bundlePurchaseRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = { tags: ["bundles"], security: [{ bearerAuth: [] }] };

  app.post(
    "/purchase",
    {
      schema: {
        ...common,
        operationId: "purchaseBundle",
        summary: "Start paying for a lesson bundle",
        description:
          "Opens a payment for a bundle of lesson credits with one instructor. The price per lesson must " +
          "be what the bundle rules charge for that size (400 amount_mismatch otherwise); the credits " +
          "exist once the payment is confirmed. With savedCardId your saved card is charged off-session " +
          "(decision 041): paid at once (savedCard.status paid), a hosted page when the bank wants you " +
          "present, 402 card_declined when declined (pay on-session instead), 404 card_not_found for a " +
          "card that is not yours.",
        headers: idempotencyKeyHeaders,
        body: bundlePurchaseRequest,
        response: { 201: checkoutResponse, ...errors, ...errorResponses(402, 502), ...IDEMPOTENCY_ERRORS },
      },
      ...idempotent(ctx),
    },
    async (request, reply) =>
      reply.status(201).send(await purchaseBundle(ctx, currentUserId(request), request.body)),
  );

  app.post(
    "/confirm/:paymentId",
    {
      schema: {
        ...common,
        operationId: "confirmBundlePurchase",
        summary: "Confirm the payment of a bundle",
        description:
          'The client\'s "I have paid": checked with the card provider, never taken on trust, then the ' +
          "bundle's credits are issued. Not paid yet is 402 verification_failed, the provider unreachable " +
          "502 verification_error.",
        headers: idempotencyKeyHeaders,
        params: paymentIdParams,
        response: { 200: confirmResponse, ...errors, ...errorResponses(402, 502), ...IDEMPOTENCY_ERRORS },
      },
      ...idempotent(ctx),
    },
    (request) =>
      confirmPayment(ctx, request.params.paymentId, learnerCaller(currentUserId(request)), "BUNDLE"),
  );
};

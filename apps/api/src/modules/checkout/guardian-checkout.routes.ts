import {
  bundlePurchaseRequest,
  checkoutResponse,
  confirmResponse,
  errorResponses,
  learnerParams,
  learnerPaymentParams,
  paymentIdParams,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser, currentUserId } from "../../plugins/auth.ts";
import { paymentCallerOf } from "../guardians/index.ts";
import { buyBundleForLearner } from "./buy-bundle-for-learner.ts";
import { confirmPayment } from "./confirm-payment.ts";
import { payLearnerCheckout } from "./pay-learner-checkout.ts";

/** A guardian paying for a learner they follow (mounted at /api/guardian), GUARDIAN only. */
export const guardianCheckoutRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("GUARDIAN"));
  const common = { tags: ["guardians"], security: [{ bearerAuth: [] }] };

  app.post(
    "/learners/:learnerId/bundles",
    {
      schema: {
        ...common,
        operationId: "buyBundleForLearner",
        summary: "Buy a lesson bundle for a learner",
        description:
          "As the learner's own bundle purchase (the price must be what the bundle rules charge, 400 " +
          "otherwise), but paid by you: the credits are the learner's, the payment and its tax invoice yours.",
        params: learnerParams,
        body: bundlePurchaseRequest,
        response: { 201: checkoutResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await buyBundleForLearner(ctx, currentUserId(request), request.params.learnerId, request.body)),
  );

  app.post(
    "/learners/:learnerId/payments/:paymentId/pay",
    {
      schema: {
        ...common,
        operationId: "payLearnerCheckout",
        summary: "Pay for lessons a learner is holding",
        description:
          "For a checkout the learner started whose lessons are still held: you become its payer and get a " +
          "card session (none in demo mode: confirm it). A paid, lapsed or released checkout is 409.",
        params: learnerPaymentParams,
        response: { 200: checkoutResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) =>
      payLearnerCheckout(ctx, currentUserId(request), request.params.learnerId, request.params.paymentId),
  );

  app.post(
    "/payments/:paymentId/confirm",
    {
      schema: {
        ...common,
        operationId: "confirmGuardianPayment",
        summary: "Confirm a payment you made for a learner",
        description:
          'Your "I have paid": checked with the card provider, never taken on trust, then the lessons are ' +
          "booked or the bundle's credits issued. Not paid yet is 402, the provider unreachable 502.",
        params: paymentIdParams,
        response: { 200: confirmResponse, ...errorResponses(400, 401, 403, 404, 409, 402, 502) },
      },
    },
    async (request) =>
      confirmPayment(ctx, request.params.paymentId, await paymentCallerOf(ctx.db, currentUser(request))),
  );
};

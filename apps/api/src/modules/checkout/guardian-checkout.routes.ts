import {
  bundlePurchaseRequest,
  checkoutResponse,
  confirmResponse,
  errorResponses,
  idempotencyKeyHeaders,
  learnerParams,
  learnerPaymentParams,
  payLearnerCheckoutRequest,
  paymentIdParams,
  testPackCreditPurchaseRequest,
} from "@kerb/shared";
import { TEST_PACK_CREDIT_VALIDITY } from "@kerb/shared/words";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser, currentUserId } from "../../plugins/auth.ts";
import { IDEMPOTENCY_ERRORS, idempotent } from "../../plugins/idempotency.ts";
import { paymentCallerOf } from "../guardians/index.ts";
import { findPayment } from "../payments/index.ts";
import { buyBundleForLearner } from "./buy-bundle-for-learner.ts";
import { buyTestPackCreditForLearner } from "./buy-test-pack-credit-for-learner.ts";
import { confirmPayment } from "./confirm-payment.ts";
import { payLearnerCheckout } from "./pay-learner-checkout.ts";

/**
 * A guardian's double click on Pay from a client that sends no Idempotency-Key: the same bundle for the
 * same learner asked again this soon, while the first is still unpaid, is the same purchase.
 */
const KEYLESS_REPEAT_SECONDS = 10;

/** A guardian paying for a learner they follow (mounted at /api/guardian), GUARDIAN only. */
export const guardianCheckoutRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const isStillUnpaid = async (answer: unknown) => {
    const { payment } = checkoutResponse.parse(answer);
    return (await findPayment(ctx.db, payment.id))?.status === "PENDING";
  };
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
          "otherwise), but paid by you: the credits are the learner's, the payment and its tax invoice yours. " +
          `Without an Idempotency-Key, the same bundle for the same learner asked again within ${KEYLESS_REPEAT_SECONDS} ` +
          "seconds, while the first is still unpaid, answers that first purchase again (201, the same payment). " +
          "savedCardId charges one of your own saved cards off-session (decision 041); declined is 402 card_declined.",
        headers: idempotencyKeyHeaders,
        params: learnerParams,
        body: bundlePurchaseRequest,
        response: {
          201: checkoutResponse,
          ...errorResponses(400, 401, 403, 404, 409, 402, 502),
          ...IDEMPOTENCY_ERRORS,
        },
      },
      ...idempotent(ctx, { withoutKey: { seconds: KEYLESS_REPEAT_SECONDS, stillStands: isStillUnpaid } }),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await buyBundleForLearner(ctx, currentUserId(request), request.params.learnerId, request.body)),
  );

  app.post(
    "/learners/:learnerId/test-pack-credits",
    {
      schema: {
        ...common,
        operationId: "buyTestPackCreditForLearner",
        summary: "Buy a driving-test package credit for a learner",
        description:
          "As the learner's own credit purchase (price: Kerb's price ex GST as listed, 400 amount_mismatch " +
          "otherwise), but paid by you: the credit is the learner's (one pack with any instructor who offers " +
          `them, ${TEST_PACK_CREDIT_VALIDITY}), the payment and its tax invoice yours; confirm it with ` +
          "POST /guardian/payments/{paymentId}/confirm. Without an Idempotency-Key, the same purchase asked " +
          `again within ${KEYLESS_REPEAT_SECONDS} seconds, while the first is still unpaid, answers that first one.`,
        headers: idempotencyKeyHeaders,
        params: learnerParams,
        body: testPackCreditPurchaseRequest,
        response: {
          201: checkoutResponse,
          ...errorResponses(400, 401, 403, 404, 409),
          ...IDEMPOTENCY_ERRORS,
        },
      },
      ...idempotent(ctx, { withoutKey: { seconds: KEYLESS_REPEAT_SECONDS, stillStands: isStillUnpaid } }),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await buyTestPackCreditForLearner(
            ctx,
            currentUserId(request),
            request.params.learnerId,
            request.body,
          ),
        ),
  );

  app.post(
    "/learners/:learnerId/payments/:paymentId/pay",
    {
      schema: {
        ...common,
        operationId: "payLearnerCheckout",
        summary: "Pay for lessons or a test package a learner is holding",
        description:
          "For a checkout the learner started whose lessons (or driving-test package) are still held: you become its payer and get a " +
          "card session (none in demo mode: confirm it). A paid, lapsed or released checkout is 409. With " +
          "savedCardId one of your own saved cards is charged off-session (decision 041): paid at once, the " +
          "card page when the bank asks for you, or 402 card_declined (nothing booked, the learner's held " +
          "times released); someone else's card is 404 card_not_found.",
        headers: idempotencyKeyHeaders,
        params: learnerPaymentParams,
        body: payLearnerCheckoutRequest,
        response: {
          200: checkoutResponse,
          ...errorResponses(400, 401, 403, 404, 409, 402, 502),
          ...IDEMPOTENCY_ERRORS,
        },
      },
      ...idempotent(ctx),
    },
    (request) =>
      payLearnerCheckout(ctx, currentUserId(request), request.params.learnerId, request.params.paymentId, {
        savedCardId: request.body?.savedCardId,
      }),
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
          "booked or the bundle's credits (or the test-pack credit) issued. Not paid yet is 402, the provider unreachable 502.",
        headers: idempotencyKeyHeaders,
        params: paymentIdParams,
        response: {
          200: confirmResponse,
          ...errorResponses(400, 401, 403, 404, 409, 402, 502),
          ...IDEMPOTENCY_ERRORS,
        },
      },
      ...idempotent(ctx),
    },
    async (request) =>
      confirmPayment(ctx, request.params.paymentId, await paymentCallerOf(ctx.db, currentUser(request))),
  );
};

import {
  checkoutResponse,
  confirmResponse,
  errorResponses,
  idempotencyKeyHeaders,
  paymentIdParams,
  testPackCreditPurchaseRequest,
  testPackCreditsResponse,
} from "@kerb/shared";
import { learnerCaller } from "@kerb/shared/rules";
import { TEST_PACK_CREDIT_VALIDITY } from "@kerb/shared/words";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { IDEMPOTENCY_ERRORS, idempotent } from "../../plugins/idempotency.ts";
import { listTestPackCredits } from "../test-packages/index.ts";
import { confirmPayment } from "./confirm-payment.ts";
import { purchaseTestPackCredit } from "./purchase-test-pack-credit.ts";

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Under /api/student/test-pack-credits: a driving-test package credit bought in advance (issue 33), paid
 * as a bundle is (a card session, or demo mode), spent on POST /student/test-packs/with-credit.
 */
export const testPackCreditRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = { tags: ["bundles"], security: [{ bearerAuth: [] }] };

  app.get(
    "/",
    {
      schema: {
        ...common,
        operationId: "listTestPackCredits",
        summary: "The learner's driving-test package credits",
        description:
          "Every test-pack credit the learner has (bought, or the pass promise's), newest first, how many " +
          "they can spend now (unused and not expired), and what buying one costs (dollars, GST shown).",
        response: { 200: testPackCreditsResponse, ...errorResponses(401, 403) },
      },
    },
    (request) => listTestPackCredits(ctx, currentUserId(request)),
  );

  app.post(
    "/purchase",
    {
      schema: {
        ...common,
        operationId: "purchaseTestPackCredit",
        summary: "Start paying for a driving-test package credit",
        description:
          "Opens a payment for one credit at Kerb's price (price: dollars ex GST as listed; another is 400 " +
          `amount_mismatch), GST on top. The credit exists once the payment is confirmed, valid ${TEST_PACK_CREDIT_VALIDITY}, ` +
          "and books one pack with any instructor who offers them.",
        headers: idempotencyKeyHeaders,
        body: testPackCreditPurchaseRequest,
        response: { 201: checkoutResponse, ...errors, ...IDEMPOTENCY_ERRORS },
      },
      ...idempotent(ctx),
    },
    async (request, reply) =>
      reply.status(201).send(await purchaseTestPackCredit(ctx, currentUserId(request), request.body)),
  );

  app.post(
    "/confirm/:paymentId",
    {
      schema: {
        ...common,
        operationId: "confirmTestPackCreditPurchase",
        summary: "Confirm the payment of a driving-test package credit",
        description:
          'The client\'s "I have paid": checked with the card provider, never taken on trust, then the ' +
          "credit is issued (once, however often confirmed or the webhook delivered). Not paid yet is 402 " +
          "verification_failed, the provider unreachable 502 verification_error.",
        headers: idempotencyKeyHeaders,
        params: paymentIdParams,
        response: { 200: confirmResponse, ...errors, ...errorResponses(402, 502), ...IDEMPOTENCY_ERRORS },
      },
      ...idempotent(ctx),
    },
    (request) =>
      confirmPayment(
        ctx,
        request.params.paymentId,
        learnerCaller(currentUserId(request)),
        "TEST_PACK_CREDIT",
      ),
  );
};

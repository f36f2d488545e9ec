import {
  checkoutResponse,
  errorResponses,
  idempotencyKeyHeaders,
  testPackBookedResponse,
  testPackCreditRequest,
  testPackOptionsQuery,
  testPackOptionsResponse,
  testPackRequest,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { IDEMPOTENCY_ERRORS, idempotent } from "../../plugins/idempotency.ts";
import { listTestPackOptions } from "../test-packages/index.ts";
import { bookTestPackWithCredit } from "./book-test-pack-with-credit.ts";
import { holdTestPack } from "./hold-test-pack.ts";

/**
 * Under /api/student/test-packs: the learner books a driving-test package (issue 33) for the test they
 * booked with Service NSW, and pays for it like held lessons (confirmed on the bookings' confirm route).
 */
export const testPackCheckoutRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = { tags: ["bookings"], security: [{ bearerAuth: [] }] };

  app.get(
    "/options",
    {
      schema: {
        ...common,
        operationId: "listTestPackOptions",
        summary: "Instructors who can take the learner to their driving test",
        description:
          "For a test booked with Service NSW (centreId, testAt with its offset; suburb of the pick-up, the " +
          "learner's own by default): the instructors who offer test packages at that centre, teach in the " +
          "suburb and are free for the whole block their pack plans — pick-up worked back from the test " +
          "time (warm-up if included, the drive, a 15-minute arrival margin), the test, the drive back — " +
          "with that plan and the price the learner pays (GST included). A test time already past is 400 " +
          "slot_in_past; one beyond the booking horizon 400 validation_error.",
        querystring: testPackOptionsQuery,
        response: { 200: testPackOptionsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => listTestPackOptions(ctx, currentUserId(request), request.query),
  );

  app.post(
    "/",
    {
      schema: {
        ...common,
        operationId: "createTestPack",
        summary: "Hold a driving-test package and start paying for it",
        description:
          "Holds the instructor's whole block (pick-up to drop-off) as one lesson at the pick-up suburb and " +
          "opens its payment, as POST /student/bookings/batch does; confirm it with " +
          "POST /student/bookings/batch/confirm/{paymentId}. price is the option's priceExGst: a changed " +
          "price is 400 amount_mismatch. A past test is 400 slot_in_past, a pick-up inside the instructor's " +
          "notice or a centre they do not serve 400 bad_request, an instructor not offering packs or not " +
          "working then 409 instructor_unavailable, a block overlapping their other lesson or too far to " +
          "drive from or to it 409 slot_unavailable; error.details.reason says which.",
        headers: idempotencyKeyHeaders,
        body: testPackRequest,
        response: {
          201: checkoutResponse,
          ...errorResponses(400, 401, 403, 404, 409, 429),
          ...IDEMPOTENCY_ERRORS,
        },
      },
      ...idempotent(ctx),
    },
    async (request, reply) =>
      reply.status(201).send(await holdTestPack(ctx, currentUserId(request), request.body)),
  );

  app.post(
    "/with-credit",
    {
      schema: {
        ...common,
        operationId: "createTestPackWithCredit",
        summary: "Book a driving-test package with a test-pack credit",
        description:
          "The same pack as POST /student/test-packs, paid with the learner's unused test-pack credit that " +
          "expires first (bought in advance or given by the pass promise): no card, no new invoice, the " +
          "lesson SCHEDULED at once and the credit marked used in the same transaction. No usable credit is " +
          "409 insufficient_credits; the placement refusals are those of the card hold.",
        headers: idempotencyKeyHeaders,
        body: testPackCreditRequest,
        response: {
          201: testPackBookedResponse,
          ...errorResponses(400, 401, 403, 404, 409),
          ...IDEMPOTENCY_ERRORS,
        },
      },
      ...idempotent(ctx),
    },
    async (request, reply) =>
      reply.status(201).send(await bookTestPackWithCredit(ctx, currentUserId(request), request.body)),
  );
};

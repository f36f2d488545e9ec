import {
  errorResponses,
  idempotencyKeyHeaders,
  idParams,
  moveTestPackRequest,
  moveTestPackResponse,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { IDEMPOTENCY_ERRORS, idempotent } from "../../plugins/idempotency.ts";
import { moveOwnTestPack } from "./move-own-test-pack.ts";

/**
 * Under /api/student/test-packs, beside the pack's checkout: a booked pack follows the learner's test
 * when Service NSW moves it (a pack is one lesson record, so moving it is the lessons module's).
 */
export const studentTestPackMoveRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("STUDENT"));

  app.post(
    "/:id/move",
    {
      schema: {
        tags: ["bookings"],
        security: [{ bearerAuth: [] }],
        params: idParams,
        operationId: "moveTestPack",
        summary: "Move a driving-test package to the learner's new test time",
        description:
          "{id} is the pack's lesson record. The learner's test moved (testAt with its offset; centreId " +
          "when the centre changed too, the pack's own when absent), so the whole block (pick-up to " +
          "drop-off) is planned again from it with the same instructor, pick-up suburb and warm-up, at the " +
          "price already paid, and moved if the instructor is free for it (their hours, notice, travel " +
          "and other lessons, the pack itself left out); the student and instructor are emailed as for a " +
          "reschedule. Allowed until the pick-up (the test date is Service NSW's: no reschedule window). " +
          "Someone else's lesson is 404; an ordinary lesson 409 not_a_test_pack; a past test 400 " +
          "slot_in_past; the same test again or a pick-up inside the instructor's notice 400 bad_request; " +
          "a centre the instructor does not serve or a day they do not work 409 instructor_unavailable; " +
          "another lesson of theirs or the learner's in the way 409 slot_unavailable (error.details.reason " +
          "says which). A refused move changes nothing.",
        headers: idempotencyKeyHeaders,
        body: moveTestPackRequest,
        response: {
          200: moveTestPackResponse,
          ...errorResponses(400, 401, 403, 404, 409),
          ...IDEMPOTENCY_ERRORS,
        },
      },
      ...idempotent(ctx),
    },
    (request) => moveOwnTestPack(ctx, currentUserId(request), request.params.id, request.body),
  );
};

import {
  errorResponses,
  idParams,
  passPromiseClaimRequest,
  passPromiseClaimResponse,
  recordTestOutcomeRequest,
  recordTestOutcomeResponse,
  studentPassPromiseClaimsResponse,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { claimPassPromise } from "./claim-pass-promise.ts";
import { listOwnClaims } from "./list-own-claims.ts";
import { recordTestOutcome } from "./record-test-outcome.ts";

/** /api/instructor/lessons/:id/test-outcome, INSTRUCTOR only: how the learner's driving test went (issue 33). */
export const instructorTestOutcomeRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // onRequest: the caller is checked before the body is parsed or validated (401/403 before any 400).
  app.addHook("onRequest", ctx.guard("INSTRUCTOR"));

  app.post(
    "/lessons/:id/test-outcome",
    {
      schema: {
        tags: ["instructor"],
        security: [{ bearerAuth: [] }],
        operationId: "recordTestOutcome",
        summary: "Record how a learner's driving test went",
        description:
          "On the instructor's own test pack, from the test time on: PASSED, FAILED or NOT_TAKEN (with a " +
          "note saying why; a note is optional otherwise). Recording again replaces it, until the learner " +
          "claims the pass promise on the pack. PASSED or FAILED on a scheduled pack whose block has ended " +
          "also marks it completed (as POST /lessons/:id/complete would); NOT_TAKEN leaves it for the " +
          "instructor to mark completed or a no-show, and is the only outcome of a no-show. Audited " +
          "(booking.test_outcome, before → after). Another instructor's lesson is 404; a lesson that is " +
          "not a pack is 409 not_a_test_pack; before the test, a cancelled or unpaid pack, or a claimed " +
          "one is 409 invalid_state with the reason.",
        params: idParams,
        body: recordTestOutcomeRequest,
        response: { 200: recordTestOutcomeResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => recordTestOutcome(ctx, currentUserId(request), request.params.id, request.body),
  );
};

/** /api/student/test-pack-claims, STUDENT only: the pass promise (issue 33). */
export const studentPassPromiseRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = { tags: ["student"], security: [{ bearerAuth: [] }] };

  app.get(
    "/",
    {
      schema: {
        ...common,
        operationId: "listPassPromiseClaims",
        summary: "The learner's pass-promise claims",
        description:
          "The learner's claim for a second test pack (one at most), with its failed pack, the admin's " +
          "decision and, once approved, the test-pack credit it issued.",
        response: { 200: studentPassPromiseClaimsResponse, ...errorResponses(401, 403) },
      },
    },
    (request) => listOwnClaims(ctx, currentUserId(request)),
  );

  app.post(
    "/",
    {
      schema: {
        ...common,
        operationId: "claimPassPromise",
        summary: "Claim a second test pack after failing the test",
        description:
          "The pass promise: a learner with at least 10 completed lessons on Kerb (test packs not " +
          "counted) whose own pack's test their instructor recorded as failed may claim a second pack, " +
          "once. The claim waits for an admin (201, PENDING). A pack that is not theirs is 404; otherwise " +
          "409 pass_promise_refused says which condition fails (details.reason: ALREADY_CLAIMED, " +
          "PACK_CANCELLED, NO_OUTCOME, NOT_FAILED or TOO_FEW_LESSONS).",
        body: passPromiseClaimRequest,
        response: { 201: passPromiseClaimResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const result = await claimPassPromise(ctx, currentUserId(request), request.body);
      return reply.code(201).send(result);
    },
  );
};

import {
  adminPassPromiseClaimResponse,
  adminPassPromiseClaimsQuery,
  adminPassPromiseClaimsResponse,
  declinePassPromiseClaimRequest,
  errorResponses,
  idParams,
} from "@kerb/shared";
import { PASS_PROMISE_CREDIT_VALIDITY_MONTHS } from "@kerb/shared/rules";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { approvePassPromiseClaim } from "./approve-pass-promise-claim.ts";
import { declinePassPromiseClaim } from "./decline-pass-promise-claim.ts";
import { listPassPromiseClaims } from "./list-pass-promise-claims.ts";

/** /api/admin/test-pack-claims, ADMIN only: deciding the pass promise's claims (issue 33). */
export const adminPassPromiseRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("ADMIN"));
  const common = { tags: ["admin"], security: [{ bearerAuth: [] }] };
  const decisionErrors = errorResponses(400, 401, 403, 404, 409);

  app.get(
    "/",
    {
      schema: {
        ...common,
        operationId: "listAdminPassPromiseClaims",
        summary: "Pass-promise claims to decide",
        description:
          "Every claim, oldest first, paged; filter by status (PENDING, APPROVED, DECLINED). Each has the " +
          "failed pack with the outcome and note its instructor recorded, the learner, the instructor, " +
          "and the learner's completed lessons on Kerb now (test packs not counted).",
        querystring: adminPassPromiseClaimsQuery,
        response: { 200: adminPassPromiseClaimsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => listPassPromiseClaims(ctx, request.query),
  );

  app.post(
    "/:id/approve",
    {
      schema: {
        ...common,
        operationId: "approvePassPromiseClaim",
        summary: "Approve a pass-promise claim",
        description:
          `Issues the learner a test-pack credit (source PASS_PROMISE, nothing paid, expiring ${PASS_PROMISE_CREDIT_VALIDITY_MONTHS} months ` +
          "on), audited (test_pack_claim.approve). Nothing is posted to the ledger now: the promotion's " +
          "cost is the instructor's share of the pack the credit pays for, posted (lesson.promotion) when " +
          "that pack is taught. A claim is decided once: 409 claim_decided after.",
        params: idParams,
        response: { 200: adminPassPromiseClaimResponse, ...decisionErrors },
      },
    },
    (request) => approvePassPromiseClaim(ctx, currentUserId(request), request.params.id),
  );

  app.post(
    "/:id/decline",
    {
      schema: {
        ...common,
        operationId: "declinePassPromiseClaim",
        summary: "Decline a pass-promise claim",
        description:
          "No credit; the note (required) is the reason the learner reads. Audited " +
          "(test_pack_claim.decline). A claim is decided once: 409 claim_decided after; the learner " +
          "cannot claim again.",
        params: idParams,
        body: declinePassPromiseClaimRequest,
        response: { 200: adminPassPromiseClaimResponse, ...decisionErrors },
      },
    },
    (request) => declinePassPromiseClaim(ctx, currentUserId(request), request.params.id, request.body),
  );
};

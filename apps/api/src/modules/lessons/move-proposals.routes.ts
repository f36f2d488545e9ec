import { answerMoveProposalResponse, errorResponses, idempotencyKeyHeaders, idParams } from "@kerb/shared";
import { MOVE_PROPOSAL_LAPSE } from "@kerb/shared/words";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { IDEMPOTENCY_ERRORS, idempotent } from "../../plugins/idempotency.ts";
import { acceptMoveProposal } from "./accept-move-proposal.ts";
import { declineMoveProposal } from "./decline-move-proposal.ts";

const errors = { ...errorResponses(400, 401, 403, 404, 409), ...IDEMPOTENCY_ERRORS };

/**
 * Under /api/student/move-proposals: the student answers a new time proposed for one of their lessons
 * by its instructor or an admin (the open one shows on the lesson in GET /api/student/profile).
 */
export const studentMoveProposalRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = {
    tags: ["bookings"],
    security: [{ bearerAuth: [] }],
    params: idParams,
    headers: idempotencyKeyHeaders,
  };
  const lapse =
    `A proposal lapses ${MOVE_PROPOSAL_LAPSE} before the lesson (409 proposal_lapsed); one already ` +
    "answered, withdrawn or lapsed is 409 invalid_state (but the same answer repeated with the same " +
    "Idempotency-Key answers as it did); someone else's is 404.";

  app.post(
    "/:id/accept",
    {
      schema: {
        ...common,
        operationId: "acceptMoveProposal",
        summary: "Accept a proposed new time for a lesson",
        description:
          "Moves the lesson to the proposed time, checked again now as a reschedule is: a time taken " +
          "meanwhile, or one clashing with another of the student's lessons, is 409 slot_unavailable and " +
          `the proposal stays open (it can still be declined). ${lapse} The student gets the updated ` +
          "calendar file and the proposer an email. Audited.",
        response: { 200: answerMoveProposalResponse, ...errors },
      },
      ...idempotent(ctx),
    },
    (request) => acceptMoveProposal(ctx, currentUserId(request), request.params.id),
  );

  app.post(
    "/:id/decline",
    {
      schema: {
        ...common,
        operationId: "declineMoveProposal",
        summary: "Decline a proposed new time for a lesson",
        description: `The lesson stays at its present time; the proposer is emailed. ${lapse} Audited.`,
        response: { 200: answerMoveProposalResponse, ...errors },
      },
      ...idempotent(ctx),
    },
    (request) => declineMoveProposal(ctx, currentUserId(request), request.params.id),
  );
};

/**
 * The proposer takes back a new time before the student answers it (issue 30 item 6): the instructor
 * their own proposals, an admin the support team's. The lesson does not change; the student is told there
 * is nothing left to answer.
 */
import type { MoveProposalResponse, MoveProposerRole } from "@kerb/shared";
import { hasMoveProposalLapsed, moveProposalLapsesAt } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { enqueueMoveProposalWithdrawn } from "./emails/index.ts";
import { decideMoveProposal, lockMoveProposalWithInstructor } from "./move-proposal-store.ts";
import { toMoveProposal } from "./move-proposal-views.ts";

/**
 * POST /instructor/move-proposals/:id/withdraw and POST /admin/move-proposals/:id/withdraw. Another
 * instructor's proposal is 404; one made by the other role, or no longer open, is 409.
 */
export async function withdrawMoveProposal(
  ctx: AppContext,
  proposer: { id: string; role: MoveProposerRole },
  proposalId: string,
): Promise<MoveProposalResponse> {
  const now = ctx.now();
  const withdrawn = await ctx.transact(async (uow) => {
    const found = await lockMoveProposalWithInstructor(uow.tx, proposalId);
    if (!found || (proposer.role === "INSTRUCTOR" && found.instructorId !== proposer.id)) {
      throw new AppError("not_found", "Proposal not found");
    }
    const { proposal, lessonStart } = found;
    if (proposal.proposerRole !== proposer.role) {
      throw new AppError(
        "invalid_state",
        proposal.proposerRole === "ADMIN"
          ? "Kerb's support team proposed this time, so only they can withdraw it."
          : "The instructor proposed this time, so only they can withdraw it.",
        { proposedBy: proposal.proposerRole },
      );
    }
    if (proposal.status !== "PROPOSED") {
      throw new AppError(
        "invalid_state",
        `This proposal is no longer open: it was ${proposal.status.toLowerCase()}`,
        { status: proposal.status },
      );
    }
    if (hasMoveProposalLapsed(lessonStart, now)) {
      throw new AppError(
        "proposal_lapsed",
        "This proposal has already lapsed: the student can no longer accept it, so there is nothing to withdraw.",
        { lapsesAt: moveProposalLapsesAt(lessonStart).toISOString() },
      );
    }
    const decided = await decideMoveProposal(uow.tx, proposal.id, "WITHDRAWN", now);
    if (!decided) throw new AppError("invalid_state", "This proposal changed meanwhile. Reload to see how.");
    await uow.audit({
      actorId: proposer.id,
      action: "booking.move_proposal_withdraw",
      targetType: "booking",
      targetId: proposal.bookingId,
      details: {
        proposalId: proposal.id,
        proposedBy: proposal.proposerRole,
        to: { startTime: proposal.startTime.toISOString(), endTime: proposal.endTime.toISOString() },
      },
      createdAt: now,
    });
    await enqueueMoveProposalWithdrawn(uow, {
      proposalId: proposal.id,
      bookingId: proposal.bookingId,
      proposedBy: proposal.proposerRole,
      proposed: { startTime: proposal.startTime, endTime: proposal.endTime },
      now,
      appUrl: publicOrigin(ctx.env),
    });
    return { proposal: decided, lessonStart };
  });
  return { proposal: toMoveProposal(withdrawn.proposal, withdrawn.lessonStart) };
}

import type { AppContext } from "../../context.ts";
import { answerMoveProposal } from "./move-proposal-answer.ts";

/** POST /student/move-proposals/:id/decline: the lesson stays where it is; the proposer is emailed. */
export function declineMoveProposal(ctx: AppContext, studentId: string, proposalId: string) {
  return answerMoveProposal(ctx, studentId, proposalId, false);
}

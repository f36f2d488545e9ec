import type { AppContext } from "../../context.ts";
import { answerMoveProposal } from "./move-proposal-answer.ts";

/** POST /student/move-proposals/:id/accept: the lesson moves to the proposed time, checked again now. */
export function acceptMoveProposal(ctx: AppContext, studentId: string, proposalId: string) {
  return answerMoveProposal(ctx, studentId, proposalId, true);
}

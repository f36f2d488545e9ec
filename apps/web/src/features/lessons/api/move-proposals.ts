import {
  type AnswerMoveProposalResponse,
  answerMoveProposalResponse,
  type MoveProposalRequest,
  type MoveProposalResponse,
  moveProposalResponse,
} from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { invalidateAfterLessonChange } from "./lesson-change";

export type MoveProposalAnswer = "accept" | "decline";

/** The student accepts (the lesson moves, checked again now) or declines a proposed new time. */
export async function answerMoveProposal(input: {
  proposalId: string;
  answer: MoveProposalAnswer;
}): Promise<AnswerMoveProposalResponse> {
  const data = await api.post(
    `/student/move-proposals/${encodeURIComponent(input.proposalId)}/${input.answer}`,
  );
  return answerMoveProposalResponse.parse(data);
}

export function useAnswerMoveProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerMoveProposal,
    // Accepted, declined, or refused (taken meanwhile, lapsed): the profile's lessons say what holds now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["student"] }),
  });
}

/** The instructor proposes a new time for one of their lessons; nothing moves until the student accepts. */
export async function proposeLessonMove(input: {
  lessonId: string;
  request: MoveProposalRequest;
}): Promise<MoveProposalResponse> {
  const data = await api.post(
    `/instructor/lessons/${encodeURIComponent(input.lessonId)}/move-proposals`,
    input.request,
  );
  return moveProposalResponse.parse(data);
}

export function useProposeLessonMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: proposeLessonMove,
    onSuccess: () => invalidateAfterLessonChange(queryClient),
  });
}

import {
  type AnswerMoveProposalResponse,
  answerMoveProposalResponse,
  type MoveProposalRequest,
  type MoveProposalResponse,
  moveProposalResponse,
} from "@kerb/shared";
import { useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { scopeKeys } from "@/lib/query-keys";
import { useSingleFlightMutation } from "@/lib/single-flight";
import { invalidateAfterLessonChange } from "./lesson-change";
import { lessonKeys } from "./query-keys";

export type MoveProposalAnswer = "accept" | "decline";

/** The student accepts (the lesson moves, checked again now) or declines a proposed new time. */
async function answerMoveProposal(
  input: { proposalId: string; answer: MoveProposalAnswer },
  idempotencyKey?: string,
): Promise<AnswerMoveProposalResponse> {
  const data = await api.post(
    `/student/move-proposals/${encodeURIComponent(input.proposalId)}/${input.answer}`,
    undefined,
    { idempotencyKey },
  );
  return answerMoveProposalResponse.parse(data);
}

export function useAnswerMoveProposal() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: answerMoveProposal,
    // Accepted, declined, or refused (taken meanwhile, lapsed): the profile's lessons say what holds now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: scopeKeys.student }),
  });
}

/** Who proposes: the lesson's instructor (their own lessons) or an admin (any lesson). */
export type MoveProposer = "instructor" | "admin";

/** A new time proposed for a lesson; nothing moves until the student accepts. */
async function proposeLessonMove(input: {
  proposer: MoveProposer;
  lessonId: string;
  request: MoveProposalRequest;
}): Promise<MoveProposalResponse> {
  const id = encodeURIComponent(input.lessonId);
  const path =
    input.proposer === "instructor"
      ? `/instructor/lessons/${id}/move-proposals`
      : `/admin/bookings/${id}/move-proposals`;
  const data = await api.post(path, input.request);
  return moveProposalResponse.parse(data);
}

export function useProposeLessonMove(proposer: MoveProposer) {
  const queryClient = useQueryClient();
  // One proposal per click too (the server withdraws the open one for a new one: a double click would mail twice).
  return useSingleFlightMutation({
    mutationFn: (input: { lessonId: string; request: MoveProposalRequest }) =>
      proposeLessonMove({ proposer, ...input }),
    onSuccess: () =>
      proposer === "instructor"
        ? invalidateAfterLessonChange(queryClient)
        : queryClient.invalidateQueries({ queryKey: lessonKeys.adminBookings() }),
  });
}

/** The proposer takes back a proposed time the student has not answered; the lesson stays where it is. */
async function withdrawMoveProposal(input: {
  proposer: MoveProposer;
  proposalId: string;
}): Promise<MoveProposalResponse> {
  const data = await api.post(
    `/${input.proposer}/move-proposals/${encodeURIComponent(input.proposalId)}/withdraw`,
  );
  return moveProposalResponse.parse(data);
}

export function useWithdrawMoveProposal(proposer: MoveProposer) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (proposalId: string) => withdrawMoveProposal({ proposer, proposalId }),
    // Withdrawn, or refused (answered or lapsed meanwhile): the list says what holds now.
    onSettled: () =>
      proposer === "instructor"
        ? invalidateAfterLessonChange(queryClient)
        : queryClient.invalidateQueries({ queryKey: lessonKeys.adminBookings() }),
  });
}

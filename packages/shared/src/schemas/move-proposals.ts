import { z } from "zod";
import { MOVE_PROPOSAL_STATUSES, MOVE_PROPOSER_ROLES } from "../constants.ts";
import { isoDateTime, safeText } from "./common.ts";
import { studentProfileBooking } from "./profiles.ts";

// A new time for a lesson, proposed by its instructor or an admin; the student accepts or declines it.

/** The longest note a proposer may add for the student: a few sentences. */
export const MOVE_PROPOSAL_NOTE_MAX_LENGTH = 500;

/** POST /api/instructor/lessons/{id}/move-proposals and POST /api/admin/bookings/{id}/move-proposals. */
export const moveProposalRequest = z.object({
  startTime: isoDateTime,
  endTime: isoDateTime,
  note: safeText()
    .trim()
    .max(
      MOVE_PROPOSAL_NOTE_MAX_LENGTH,
      `Keep the note to ${MOVE_PROPOSAL_NOTE_MAX_LENGTH} characters or fewer: it goes in an email to the student`,
    )
    .optional(),
});
export type MoveProposalRequest = z.input<typeof moveProposalRequest>;

export const moveProposal = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  startTime: z.string(),
  endTime: z.string(),
  proposedBy: z.enum(MOVE_PROPOSER_ROLES),
  status: z.enum(MOVE_PROPOSAL_STATUSES),
  note: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** After this the student can no longer accept it (24 hours before the lesson's present start). */
  lapsesAt: z.string(),
});
export type MoveProposal = z.infer<typeof moveProposal>;

export const moveProposalResponse = z.object({ proposal: moveProposal });
export type MoveProposalResponse = z.infer<typeof moveProposalResponse>;

/** POST /api/student/move-proposals/{id}/accept and …/decline: the proposal, and the lesson as it now is. */
export const answerMoveProposalResponse = z.object({
  proposal: moveProposal,
  booking: studentProfileBooking,
});
export type AnswerMoveProposalResponse = z.infer<typeof answerMoveProposalResponse>;

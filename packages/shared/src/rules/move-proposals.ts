/**
 * A new time proposed for a lesson by its instructor or an admin stays open until the student answers,
 * but no longer than MOVE_PROPOSAL_LAPSE_HOURS before the lesson's present start: the same notice a
 * student's own reschedule needs (rules/cancellation.ts `canReschedule`). Lapsing is computed on read.
 */
import { MOVE_PROPOSAL_LAPSE_HOURS } from "../constants.ts";

const HOUR_MS = 3_600_000;

/** When a proposal for a lesson starting at `lessonStart` can no longer be accepted. */
export function moveProposalLapsesAt(lessonStart: Date): Date {
  return new Date(lessonStart.getTime() - MOVE_PROPOSAL_LAPSE_HOURS * HOUR_MS);
}

/** True from `moveProposalLapsesAt` on: too late to accept a proposal, or to make one. */
export function hasMoveProposalLapsed(lessonStart: Date, now: Date): boolean {
  return now.getTime() >= moveProposalLapsesAt(lessonStart).getTime();
}

/**
 * How a move proposal is shown: as the proposer and the student's answer get it back, and the one
 * waiting for the student on each lesson as every list of lessons shows it (the student's profile, the
 * admin's bookings, the instructor's lessons), until it lapses 24 hours before the lesson.
 */
import type { MoveProposal, StudentMoveProposal } from "@kerb/shared";
import { hasMoveProposalLapsed, moveProposalLapsesAt } from "@kerb/shared/rules";
import type { Executor } from "../../db/client.ts";
import { listOpenMoveProposalsOf, type MoveProposalRow } from "./move-proposal-store.ts";

/** By lesson id: the open proposal of each of `lessons` that has not lapsed at `now`. */
export async function openMoveProposals(
  db: Executor,
  lessons: ReadonlyArray<{ id: string; startTime: Date }>,
  now: Date,
): Promise<Map<string, StudentMoveProposal>> {
  const showing = lessons.filter((lesson) => !hasMoveProposalLapsed(lesson.startTime, now));
  const open = await listOpenMoveProposalsOf(
    db,
    showing.map((lesson) => lesson.id),
  );
  const shown = new Map<string, StudentMoveProposal>();
  for (const lesson of showing) {
    const proposal = open.get(lesson.id);
    if (!proposal) continue;
    shown.set(lesson.id, {
      id: proposal.id,
      startTime: proposal.startTime.toISOString(),
      endTime: proposal.endTime.toISOString(),
      proposedBy: proposal.proposerRole,
      note: proposal.note,
      lapsesAt: moveProposalLapsesAt(lesson.startTime).toISOString(),
    });
  }
  return shown;
}

/** The proposal as the API answers it; `lessonStart` is the lesson's present start (when it lapses). */
export function toMoveProposal(row: MoveProposalRow, lessonStart: Date): MoveProposal {
  return {
    id: row.id,
    bookingId: row.bookingId,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    proposedBy: row.proposerRole,
    status: row.status,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    lapsesAt: moveProposalLapsesAt(lessonStart).toISOString(),
  };
}

/**
 * A lesson's move proposal, told through the caller's unit of work: the student hears of the proposed
 * time (with links to answer it), and the proposer of the student's answer. The move itself, once
 * accepted, is told by `enqueueLessonRescheduled` as any other move.
 */

import type { MoveProposerRole } from "@kerb/shared";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/index.ts";
import type { UnitOfWork } from "../../../platform/unit-of-work-effects.ts";
import { type LessonTime, type OutboxEmail, recipient } from "../../notifications/index.ts";
import { enqueueOne, type NoticeOptions } from "./enqueue-notice.ts";
import {
  moveProposalAnswered,
  moveProposalWithdrawn,
  moveProposed,
  moveProposedToInstructor,
} from "./move-proposal.ts";
import * as repo from "./notice-rows.ts";
import { toLessonSummary } from "./notice-rows.ts";

interface ProposalNotice extends NoticeOptions {
  proposalId: string;
  bookingId: string;
  proposedBy: MoveProposerRole;
  proposed: LessonTime;
}

/**
 * A new time was proposed: the student is told, with links to accept or decline it; when an admin
 * proposed it, the lesson's instructor too (it is their time being asked for).
 */
export async function enqueueMoveProposed(
  uow: UnitOfWork,
  input: ProposalNotice & { note: string | null; lapsesAt: Date },
): Promise<string[]> {
  const [row] = await repo.listLessonsForNotice(uow.tx, [input.bookingId]);
  if (!row) return [];
  const data = {
    student: row.student,
    instructor: row.instructor,
    lesson: toLessonSummary(row),
    proposed: input.proposed,
    proposedBy: input.proposedBy,
    note: input.note,
    lapsesAt: input.lapsesAt,
    ...(input.appUrl ? { appUrl: input.appUrl } : {}),
  };
  const emails: OutboxEmail[] = [
    {
      kind: "move_proposed",
      to: recipient(row.student),
      ...moveProposed({ ...data, proposalId: input.proposalId }),
      // A proposal is made once.
      dedupeKey: `move-proposed:${input.proposalId}`,
      now: input.now,
    },
  ];
  if (input.proposedBy === "ADMIN") {
    emails.push({
      kind: "move_proposed",
      to: recipient(row.instructor),
      ...moveProposedToInstructor(data),
      dedupeKey: `move-proposed-instructor:${input.proposalId}`,
      now: input.now,
    });
  }
  return uow.email(emails);
}

/** The proposer withdrew an open proposal: the student is told there is nothing left to answer. */
export async function enqueueMoveProposalWithdrawn(
  uow: UnitOfWork,
  input: ProposalNotice,
): Promise<string | null> {
  const [row] = await repo.listLessonsForNotice(uow.tx, [input.bookingId]);
  if (!row) return null;
  return enqueueOne(uow, {
    kind: "move_proposal_withdrawn",
    to: recipient(row.student),
    ...moveProposalWithdrawn({
      student: row.student,
      instructor: row.instructor,
      lesson: toLessonSummary(row),
      proposed: input.proposed,
      proposedBy: input.proposedBy,
      ...(input.appUrl ? { appUrl: input.appUrl } : {}),
    }),
    // A proposal is withdrawn once.
    dedupeKey: `move-proposal-withdrawn:${input.proposalId}`,
    now: input.now,
  });
}

/** The student answered: the proposer is told whether the lesson moved. */
export async function enqueueMoveProposalAnswered(
  uow: UnitOfWork,
  input: ProposalNotice & { proposerId: string | null; accepted: boolean; previous: LessonTime },
): Promise<string | null> {
  if (!input.proposerId) return null;
  const [row] = await repo.listLessonsForNotice(uow.tx, [input.bookingId]);
  const [proposer] = await uow.tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, input.proposerId));
  if (!row || !proposer) return null;
  return enqueueOne(uow, {
    kind: "move_proposal_answered",
    to: recipient(proposer),
    ...moveProposalAnswered({
      proposer,
      proposedBy: input.proposedBy,
      student: row.student,
      instructor: row.instructor,
      accepted: input.accepted,
      previous: input.previous,
      proposed: input.proposed,
      ...(input.appUrl ? { appUrl: input.appUrl } : {}),
    }),
    // A proposal is answered once.
    dedupeKey: `move-proposal-answered:${input.proposalId}`,
    now: input.now,
  });
}

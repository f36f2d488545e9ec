/**
 * Move proposals' rows (lesson_move_proposals), read and written: a new time for a lesson proposed by its
 * instructor or an admin. The lesson itself is moved only by lessons.writes.ts `moveLesson`, once the
 * student accepts; how a proposal is shown: move-proposal-views.ts.
 */
import type { MoveProposalStatus, MoveProposerRole } from "@kerb/shared";
import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bookings, lessonMoveProposals } from "../../db/schema/index.ts";

export type MoveProposalRow = typeof lessonMoveProposals.$inferSelect;

/** A new proposal, PROPOSED (the caller has withdrawn any open one of the lesson first). */
export async function insertMoveProposal(
  tx: Executor,
  input: {
    bookingId: string;
    proposedBy: string;
    proposerRole: MoveProposerRole;
    start: Date;
    end: Date;
    note: string | null;
    now: Date;
  },
): Promise<MoveProposalRow> {
  const [row] = await tx
    .insert(lessonMoveProposals)
    .values({
      bookingId: input.bookingId,
      proposedBy: input.proposedBy,
      proposerRole: input.proposerRole,
      startTime: input.start,
      endTime: input.end,
      status: "PROPOSED",
      note: input.note,
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error("the proposal was not written");
  return row;
}

/** The student's own proposal (by the lesson's student), locked; someone else's is absent. */
export async function lockStudentMoveProposal(tx: Executor, studentId: string, proposalId: string) {
  const [row] = await tx
    .select({ proposal: lessonMoveProposals })
    .from(lessonMoveProposals)
    .innerJoin(bookings, eq(bookings.id, lessonMoveProposals.bookingId))
    .where(and(eq(lessonMoveProposals.id, proposalId), eq(bookings.studentId, studentId)))
    .for("update", { of: lessonMoveProposals });
  return row?.proposal;
}

/** A proposal with its lesson's instructor, locked, for its proposer to withdraw; absent if unknown. */
export async function lockMoveProposalWithInstructor(tx: Executor, proposalId: string) {
  const [row] = await tx
    .select({
      proposal: lessonMoveProposals,
      instructorId: bookings.instructorId,
      lessonStart: bookings.startTime,
    })
    .from(lessonMoveProposals)
    .innerJoin(bookings, eq(bookings.id, lessonMoveProposals.bookingId))
    .where(eq(lessonMoveProposals.id, proposalId))
    .for("update", { of: lessonMoveProposals });
  return row;
}

/** An open proposal is decided (accepted, declined, lapsed): only while it is still PROPOSED. */
export async function decideMoveProposal(
  tx: Executor,
  proposalId: string,
  status: Exclude<MoveProposalStatus, "PROPOSED">,
  now: Date,
): Promise<MoveProposalRow | undefined> {
  const [row] = await tx
    .update(lessonMoveProposals)
    .set({ status, decidedAt: now })
    .where(and(eq(lessonMoveProposals.id, proposalId), eq(lessonMoveProposals.status, "PROPOSED")))
    .returning();
  return row;
}

/** The open (PROPOSED) proposals of these lessons, by lesson id (at most one each). */
export async function listOpenMoveProposalsOf(db: Executor, bookingIds: string[]) {
  if (bookingIds.length === 0) return new Map<string, MoveProposalRow>();
  const rows = await db
    .select()
    .from(lessonMoveProposals)
    .where(
      and(inArray(lessonMoveProposals.bookingId, bookingIds), eq(lessonMoveProposals.status, "PROPOSED")),
    );
  return new Map(rows.map((row) => [row.bookingId, row]));
}

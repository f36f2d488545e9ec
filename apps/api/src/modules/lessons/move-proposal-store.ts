/**
 * Move proposals' rows (lesson_move_proposals): a new time for a lesson proposed by its instructor or
 * an admin. The lesson itself is moved only by lessons.writes.ts `moveLesson`, once the student accepts.
 */
import type { MoveProposal, MoveProposalStatus, MoveProposerRole } from "@kerb/shared";
import { moveProposalLapsesAt } from "@kerb/shared/rules";
import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bookings, lessonMoveProposals } from "../../db/schema/index.ts";

export type MoveProposalRow = typeof lessonMoveProposals.$inferSelect;

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

/**
 * A lesson, locked for the rest of the transaction, as proposing a new time for it needs it: the
 * instructor's own when `instructorId` is given (someone else's lesson is absent), any for an admin.
 */
export async function lockLessonForProposal(tx: Executor, bookingId: string, instructorId?: string) {
  const [row] = await tx
    .select({
      id: bookings.id,
      studentId: bookings.studentId,
      instructorId: bookings.instructorId,
      status: bookings.status,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      isPoolHours: bookings.isPoolHours,
      suburb: bookings.suburb,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.id, bookingId),
        instructorId === undefined ? undefined : eq(bookings.instructorId, instructorId),
      ),
    )
    .for("update");
  return row;
}

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

/** The lessons module's reads. Lessons themselves are written only in lessons.writes.ts. */
import { and, eq, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bookings } from "../../db/schema/index.ts";
import { activeBookingSql, activeHoldSql } from "../../db/sql-rules.ts";
import {
  type StudentBookingRow,
  studentBookingColumns,
  studentBookingInstructor,
  studentBookingInstructorJoin,
} from "../students/index.ts";

/**
 * In one statement: how many lessons the student holds unpaid (countOpenHolds) and which of their
 * active lessons overlap the periods (findStudentClashes), for a booking's transaction.
 */
export async function openHoldsAndClashes(
  db: Executor,
  studentId: string,
  periods: Array<{ start: Date; end: Date }>,
  now: Date,
): Promise<{ open: number; clashes: Array<{ id: string; startTime: Date }> }> {
  const overlaps =
    periods.length === 0
      ? sql`false`
      : sql.join(
          periods.map((p) => sql`(${bookings.startTime} < ${p.end} and ${bookings.endTime} > ${p.start})`),
          sql` or `,
        );
  const rows = await db
    .select({
      id: bookings.id,
      startTime: bookings.startTime,
      isOpenHold: sql<boolean>`${activeHoldSql(now)}`,
      clashes: sql<boolean>`(${activeBookingSql(now)} and (${overlaps}))`,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.studentId, studentId),
        or(activeHoldSql(now), and(activeBookingSql(now), sql`(${overlaps})`)),
      ),
    );
  return {
    open: rows.filter((r) => r.isOpenHold).length,
    clashes: rows.filter((r) => r.clashes).map(({ id, startTime }) => ({ id, startTime })),
  };
}

/** The student's own active lessons overlapping any of the periods: nobody drives two cars at once. */
export async function findStudentClashes(
  db: Executor,
  studentId: string,
  periods: Array<{ start: Date; end: Date }>,
  now: Date,
) {
  if (periods.length === 0) return [];
  const overlaps = sql.join(
    periods.map((p) => sql`(${bookings.startTime} < ${p.end} and ${bookings.endTime} > ${p.start})`),
    sql` or `,
  );
  return db
    .select({ id: bookings.id, startTime: bookings.startTime })
    .from(bookings)
    .where(and(eq(bookings.studentId, studentId), activeBookingSql(now), sql`(${overlaps})`));
}

const cancellationColumns = {
  id: bookings.id,
  instructorId: bookings.instructorId,
  status: bookings.status,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  priceCents: bookings.priceCents,
  paymentId: bookings.paymentId,
  bundleId: bookings.bundleId,
};

/** The lesson as cancelling it needs it, locked until the transaction ends. */
export async function lockLessonForCancellation(tx: Executor, bookingId: string) {
  const [row] = await tx
    .select(cancellationColumns)
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for("update");
  return row;
}

/** A lesson as its no-show dispute needs it, locked for the rest of the transaction. */
/** What settling a taught lesson's money after the fact reads: a no-show dispute, a held lesson. */
export const lessonSettlementColumns = {
  id: bookings.id,
  status: bookings.status,
  instructorId: bookings.instructorId,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  priceCents: bookings.priceCents,
  keptCents: bookings.keptCents,
  paymentId: bookings.paymentId,
  bundleId: bookings.bundleId,
};

export async function lockLessonForNoShowDispute(tx: Executor, bookingId: string) {
  const [row] = await tx
    .select(lessonSettlementColumns)
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for("update");
  return row;
}

/** The same, unlocked, for a preview: an instructor's own lesson when `instructorId` is given. */
export async function findLessonForCancellation(db: Executor, bookingId: string, instructorId?: string) {
  const [row] = await db
    .select(cancellationColumns)
    .from(bookings)
    .where(
      and(
        eq(bookings.id, bookingId),
        instructorId === undefined ? undefined : eq(bookings.instructorId, instructorId),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The student's own lesson, locked for the rest of the transaction (a reschedule against a concurrent
 * cancel or a second reschedule: the later one waits and sees the first one's result). Someone else's
 * lesson is absent.
 */
export async function lockStudentLesson(tx: Executor, studentId: string, bookingId: string) {
  const [row] = await tx
    .select({
      id: bookings.id,
      instructorId: bookings.instructorId,
      status: bookings.status,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      isPoolHours: bookings.isPoolHours,
      suburb: bookings.suburb,
    })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.studentId, studentId)))
    .for("update");
  return row;
}

/** The student's own lesson as `toStudentBooking` reads it (with price and how it was paid). */
export async function findStudentLessonRow(
  db: Executor,
  studentId: string,
  bookingId: string,
): Promise<StudentBookingRow | undefined> {
  const [row] = await db
    .select(studentBookingColumns)
    .from(bookings)
    .innerJoin(studentBookingInstructor, studentBookingInstructorJoin)
    .where(and(eq(bookings.id, bookingId), eq(bookings.studentId, studentId)));
  return row;
}

/**
 * Serialises placing lessons with these instructors until the transaction ends (an advisory lock per
 * instructor, taken in id order so two bookings of the same two instructors cannot deadlock). What the
 * exclusion constraints cannot say — travel between suburbs, buffers, the daily cap — is then checked
 * by each booking on a calendar no concurrent booking is changing (plan-lessons.ts).
 */
export async function lockInstructorSchedules(tx: Executor, instructorIds: readonly string[]): Promise<void> {
  for (const id of [...new Set(instructorIds)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`kerb:schedule:${id}`}, 0))`);
  }
}

/**
 * A student's own active lessons that overlap new times: nobody drives two cars at once. Read by the
 * checkout's hold (with the student's open holds) and by every move of a lesson (lesson-move.ts).
 */
import { and, eq, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bookings } from "../../db/schema/index.ts";
import { activeBookingSql, activeHoldSql } from "../../db/sql-rules.ts";

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

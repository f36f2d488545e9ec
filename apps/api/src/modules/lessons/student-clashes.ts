/**
 * A student's own active lessons that overlap new times: nobody drives two cars at once. Read by the
 * checkout's hold (with the student's open holds) and by every move of a lesson (lesson-move.ts).
 */
import { OWN_LESSON_CLASH_MESSAGE } from "@kerb/shared";
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bookings } from "../../db/schema/index.ts";
import { activeBookingSql, activeHoldSql } from "../../db/sql-rules.ts";
import { AppError } from "../../lib/app-error.ts";

type Period = { start: Date; end: Date };

/** A lesson overlaps any of the periods (false for none). */
function overlapsAny(periods: Period[]): SQL {
  if (periods.length === 0) return sql`false`;
  return sql.join(
    periods.map((p) => sql`(${bookings.startTime} < ${p.end} and ${bookings.endTime} > ${p.start})`),
    sql` or `,
  );
}

/** 409 slot_unavailable naming the first of the student's own lessons at a chosen time, if any. */
export function refuseOwnClashes(clashes: Array<{ startTime: Date }>) {
  const [first] = clashes;
  if (first) {
    throw new AppError("slot_unavailable", OWN_LESSON_CLASH_MESSAGE, {
      startTime: first.startTime.toISOString(),
    });
  }
}

/**
 * In one statement: how many lessons the student holds unpaid (countOpenHolds) and which of their
 * active lessons overlap the periods (findStudentClashes), for a booking's transaction.
 */
export async function openHoldsAndClashes(
  db: Executor,
  studentId: string,
  periods: Period[],
  now: Date,
): Promise<{ open: number; clashes: Array<{ id: string; startTime: Date }> }> {
  const overlaps = overlapsAny(periods);
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
export async function findStudentClashes(db: Executor, studentId: string, periods: Period[], now: Date) {
  if (periods.length === 0) return [];
  const overlaps = overlapsAny(periods);
  return db
    .select({ id: bookings.id, startTime: bookings.startTime, endTime: bookings.endTime })
    .from(bookings)
    .where(and(eq(bookings.studentId, studentId), activeBookingSql(now), sql`(${overlaps})`));
}

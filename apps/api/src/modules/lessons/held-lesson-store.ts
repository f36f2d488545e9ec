/**
 * Held lessons (rules/teaching-stops.ts): the admin's list, one lesson locked to decide it, and the
 * decision's row (held_lesson_decisions). The lesson itself changes only in lessons.writes.ts.
 */

import { LESSON_TRANSITIONS } from "@kerb/shared/rules";
import { and, asc, count, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bookings, heldLessonDecisions, instructorTeachingStops } from "../../db/schema/index.ts";
import { earnedSql, payoutHeldSql } from "../../db/sql-rules.ts";
import { instructor, lessonSettlementColumns, student } from "./lesson-columns.ts";

// The earliest stop the lesson started in (a lesson may fall in two: rejected, then suspended).
const stopOfLesson = (
  column: typeof instructorTeachingStops.reason | typeof instructorTeachingStops.startsAt,
) =>
  sql`(select ${column} from ${instructorTeachingStops} where ${instructorTeachingStops.instructorId} = ${bookings.instructorId} and ${instructorTeachingStops.startsAt} <= ${bookings.startTime} and (${instructorTeachingStops.endsAt} is null or ${bookings.startTime} < ${instructorTeachingStops.endsAt}) order by ${instructorTeachingStops.startsAt} limit 1)`;

/**
 * Held and waiting: started before `now`, paid for (card or credit), and either never marked or marked
 * in a way that earned (a no-show refunded after a dispute has nothing left to decide).
 */
function waitingForDecision(now: Date) {
  return and(
    payoutHeldSql,
    lt(bookings.startTime, now),
    inArray(bookings.status, [...LESSON_TRANSITIONS.refundHeld.from]),
    or(eq(bookings.status, "SCHEDULED"), earnedSql),
    or(sql`${bookings.paymentId} is not null`, sql`${bookings.bundleId} is not null`),
  );
}

/** Held lessons waiting for an admin's decision, oldest first, a page at a time. */
export async function listHeldLessonRows(db: Executor, now: Date, page: { limit: number; offset: number }) {
  const where = waitingForDecision(now);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: bookings.id,
        startTime: bookings.startTime,
        endTime: bookings.endTime,
        suburb: bookings.suburb,
        status: bookings.status,
        priceCents: bookings.priceCents,
        bundleId: bookings.bundleId,
        student: {
          id: student.id,
          firstName: student.firstName,
          lastName: student.lastName,
          email: student.email,
        },
        instructor: { id: instructor.id, firstName: instructor.firstName, lastName: instructor.lastName },
        reason: stopOfLesson(instructorTeachingStops.reason).mapWith(String),
        stopStartedAt: stopOfLesson(instructorTeachingStops.startsAt).mapWith(
          (v: string | Date) => new Date(v),
        ),
      })
      .from(bookings)
      .innerJoin(student, eq(student.id, bookings.studentId))
      .innerJoin(instructor, eq(instructor.id, bookings.instructorId))
      .where(where)
      .orderBy(asc(bookings.startTime), asc(bookings.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(bookings).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One lesson, locked for the decision, with whether it is still held and waiting. */
export async function lockHeldLesson(tx: Executor, bookingId: string, now: Date) {
  const [row] = await tx
    .select({
      ...lessonSettlementColumns,
      stopReason: stopOfLesson(instructorTeachingStops.reason).mapWith(String),
      waiting: sql<boolean>`coalesce(${waitingForDecision(now)}, false)`,
      decided: sql<boolean>`exists (select 1 from ${heldLessonDecisions} where ${heldLessonDecisions.bookingId} = ${bookings.id})`,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for("update", { of: bookings });
  return row;
}

/** Records the decision; false when one was recorded meanwhile (the booking id is the key). */
export async function insertHeldLessonDecision(tx: Executor, row: typeof heldLessonDecisions.$inferInsert) {
  const inserted = await tx
    .insert(heldLessonDecisions)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: heldLessonDecisions.bookingId });
  return inserted.length > 0;
}

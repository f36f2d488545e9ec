/**
 * A learner's lessons as their guardian's overview lists them: upcoming ones (booked or still held),
 * and the instructors they have had lessons with.
 */
import { and, asc, eq, gt, inArray, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { bookings, users } from "../../db/schema/index.ts";

const instructor = alias(users, "instructor");
const instructorName = { id: instructor.id, firstName: instructor.firstName, lastName: instructor.lastName };

export function listUpcomingLessonsOfLearner(db: Executor, learnerId: string, now: Date) {
  return db
    .select({
      id: bookings.id,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      suburb: bookings.suburb,
      status: bookings.status,
      instructor: instructorName,
    })
    .from(bookings)
    .innerJoin(instructor, eq(instructor.id, bookings.instructorId))
    .where(
      and(
        eq(bookings.studentId, learnerId),
        gt(bookings.startTime, now),
        or(
          eq(bookings.status, "SCHEDULED"),
          and(eq(bookings.status, "PENDING_PAYMENT"), gt(bookings.holdExpiresAt, now)),
        ),
      ),
    )
    .orderBy(asc(bookings.startTime))
    .limit(50);
}

/** Instructors the learner has had lessons with (not lapsed holds). */
export function listLessonInstructorsOfLearner(db: Executor, learnerId: string) {
  return db
    .selectDistinct(instructorName)
    .from(bookings)
    .innerJoin(instructor, eq(instructor.id, bookings.instructorId))
    .where(
      and(eq(bookings.studentId, learnerId), inArray(bookings.status, ["SCHEDULED", "COMPLETED", "NO_SHOW"])),
    );
}

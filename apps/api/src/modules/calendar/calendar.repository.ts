import { and, asc, eq, gte, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { bookings, instructorProfiles, users } from "../../db/schema/index.ts";

export async function findInstructorByCalendarTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ id: instructorProfiles.userId, firstName: users.firstName, lastName: users.lastName })
    .from(instructorProfiles)
    .innerJoin(users, eq(users.id, instructorProfiles.userId))
    .where(eq(instructorProfiles.calendarTokenHash, tokenHash))
    .limit(1);
  return row;
}

/** The hash of the instructor's feed secret (null when the feed is off); undefined without a profile. */
export async function findCalendarTokenHash(db: Executor, instructorId: string) {
  const [row] = await db
    .select({ tokenHash: instructorProfiles.calendarTokenHash })
    .from(instructorProfiles)
    .where(eq(instructorProfiles.userId, instructorId))
    .limit(1);
  return row;
}

const student = alias(users, "student");

/**
 * The lessons the instructor's feed carries: every one from `since` on that was ever confirmed —
 * scheduled, taught, missed or cancelled — so a subscribed calendar keeps the history and sees
 * cancellations. Holds that were never paid for are not lessons yet.
 */
export function listFeedLessons(db: Executor, instructorId: string, since: Date) {
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      suburb: bookings.suburb,
      pickupLocation: bookings.pickupLocation,
      isPoolHours: bookings.isPoolHours,
      createdAt: bookings.createdAt,
      completedAt: bookings.completedAt,
      cancelledAt: bookings.cancelledAt,
      calendarSequence: bookings.calendarSequence,
      studentFirstName: student.firstName,
    })
    .from(bookings)
    .innerJoin(student, eq(student.id, bookings.studentId))
    .where(
      and(
        eq(bookings.instructorId, instructorId),
        inArray(bookings.status, FEED_STATUSES),
        gte(bookings.startTime, since),
      ),
    )
    .orderBy(asc(bookings.startTime));
}

const FEED_STATUSES = ["SCHEDULED", "COMPLETED", "NO_SHOW", "CANCELLED"] as const;

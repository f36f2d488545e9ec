import { and, asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { bookings, instructorProfiles, users } from "../../db/schema/index.ts";

export async function findInstructorByCalendarToken(db: Executor, token: string) {
  const [row] = await db
    .select({ id: instructorProfiles.userId, firstName: users.firstName, lastName: users.lastName })
    .from(instructorProfiles)
    .innerJoin(users, eq(users.id, instructorProfiles.userId))
    .where(eq(instructorProfiles.calendarToken, token))
    .limit(1);
  return row;
}

/** The instructor's feed secret (null when the feed is off); undefined when they have no profile. */
export async function findCalendarToken(db: Executor, instructorId: string) {
  const [row] = await db
    .select({ token: instructorProfiles.calendarToken })
    .from(instructorProfiles)
    .where(eq(instructorProfiles.userId, instructorId))
    .limit(1);
  return row;
}

const student = alias(users, "student");

export function listScheduledLessons(db: Executor, instructorId: string) {
  return db
    .select({
      id: bookings.id,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      suburb: bookings.suburb,
      pickupLocation: bookings.pickupLocation,
      isPoolHours: bookings.isPoolHours,
      createdAt: bookings.createdAt,
      studentFirstName: student.firstName,
    })
    .from(bookings)
    .innerJoin(student, eq(student.id, bookings.studentId))
    .where(and(eq(bookings.instructorId, instructorId), eq(bookings.status, "SCHEDULED")))
    .orderBy(asc(bookings.startTime));
}

import { SYDNEY_TZ } from "@kerb/shared";
import { and, asc, eq, gte, lt, ne, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { bookings, instructorProfiles, users } from "../../db/schema/index.ts";
import { earningCentsSql, earningLessonSql } from "../../db/sql-rules.ts";

export async function findInstructor(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      standardRateCents: instructorProfiles.standardRateCents,
      poolOptIn: instructorProfiles.poolOptIn,
      languages: instructorProfiles.languages,
      suburbs: instructorProfiles.suburbs,
      vehicleType: instructorProfiles.vehicleType,
      verificationStatus: instructorProfiles.verificationStatus,
      licenseExpiresOn: instructorProfiles.licenseExpiresOn,
      wwcExpiresOn: instructorProfiles.wwcExpiresOn,
    })
    .from(users)
    .innerJoin(instructorProfiles, eq(instructorProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

const student = alias(users, "student");

export function listInstructorBookings(db: Executor, instructorId: string) {
  return (
    db
      .select({
        id: bookings.id,
        startTime: bookings.startTime,
        endTime: bookings.endTime,
        status: bookings.status,
        completedAt: bookings.completedAt,
        priceCents: bookings.priceCents,
        isPoolHours: bookings.isPoolHours,
        pickupLocation: bookings.pickupLocation,
        student: { firstName: student.firstName, lastName: student.lastName, phone: student.phone },
      })
      .from(bookings)
      .innerJoin(student, eq(student.id, bookings.studentId))
      // Unpaid holds are not lessons yet: an instructor sees them only once paid for.
      .where(
        and(
          eq(bookings.instructorId, instructorId),
          ne(bookings.status, "EXPIRED"),
          ne(bookings.status, "PENDING_PAYMENT"),
        ),
      )
      .orderBy(asc(bookings.startTime))
  );
}

// ---------------------------------------------------------------------------------------------------
// Earnings

// The Sydney month of a lesson start, computed by the database so grouping needs no row transfer.
// SYDNEY_TZ is a constant, so inlining it is safe (and one expression can be reused in GROUP BY).
export const sydneyMonthOf = (column: SQLWrapper) =>
  sql<string>`to_char(${column} at time zone '${sql.raw(SYDNEY_TZ)}', 'YYYY-MM')`;

/**
 * Earning lessons (sql-rules `earningLessonSql`) per Sydney month of their start and per amount:
 * COMPLETED lessons at their price (counted in `lessons`), NO_SHOW lessons at their price and CANCELLED
 * lessons the platform kept money on, at kept_cents (counted in `cancelledLessons`, not in `lessons`:
 * the instructor is paid for the hour, but it was not taught). Lessons nobody paid for earn nothing.
 * Grouping by amount keeps the per-lesson fee rounding exact (count × fee(amount)) without fetching
 * every lesson. `where` narrows it (one instructor, a month); the admin console passes nothing.
 */
export function earningLessonsByMonthAndAmount(db: Executor, where?: SQL) {
  const month = sydneyMonthOf(bookings.startTime);
  return db
    .select({
      month,
      priceCents: earningCentsSql.mapWith(Number),
      lessons: sql<number>`count(*) filter (where ${bookings.status} = 'COMPLETED')`.mapWith(Number),
      // Paid for the hour but not taught: late cancellations and no-shows.
      cancelledLessons: sql<number>`count(*) filter (where ${bookings.status} <> 'COMPLETED')`.mapWith(
        Number,
      ),
    })
    .from(bookings)
    .where(and(earningLessonSql, where))
    .groupBy(month, earningCentsSql);
}

/** One instructor's earning lessons (see `earningLessonsByMonthAndAmount`), optionally in a range. */
export function completedLessonsByMonthAndPrice(
  db: Executor,
  instructorId: string,
  range?: { from: Date; to: Date },
) {
  return earningLessonsByMonthAndAmount(
    db,
    and(
      eq(bookings.instructorId, instructorId),
      range ? gte(bookings.startTime, range.from) : undefined,
      range ? lt(bookings.startTime, range.to) : undefined,
    ),
  );
}

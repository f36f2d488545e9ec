import { SYDNEY_TZ } from "@kerb/shared";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lt,
  lte,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
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
// Lessons of the instructor portal

const lessonColumns = {
  id: bookings.id,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  status: bookings.status,
  priceCents: bookings.priceCents,
  isPoolHours: bookings.isPoolHours,
  suburb: bookings.suburb,
  pickupLocation: bookings.pickupLocation,
  bundleId: bookings.bundleId,
  completedAt: bookings.completedAt,
  cancelledAt: bookings.cancelledAt,
  cancelledBy: bookings.cancelledBy,
  refundCents: bookings.refundCents,
  student: { firstName: student.firstName, lastName: student.lastName, phone: student.phone },
};

export type LessonRow = NonNullable<Awaited<ReturnType<typeof findLesson>>>;

type LessonStatus = (typeof bookings.$inferSelect)["status"];

/** Lessons of one instructor starting in [from, to), soonest first. */
export function listLessonsStartingBetween(
  db: Executor,
  instructorId: string,
  range: { from: Date; to: Date; statuses: LessonStatus[] },
) {
  return db
    .select(lessonColumns)
    .from(bookings)
    .innerJoin(student, eq(student.id, bookings.studentId))
    .where(
      and(
        eq(bookings.instructorId, instructorId),
        inArray(bookings.status, range.statuses),
        gte(bookings.startTime, range.from),
        lt(bookings.startTime, range.to),
      ),
    )
    .orderBy(asc(bookings.startTime));
}

export async function countLessonsStartingBetween(
  db: Executor,
  instructorId: string,
  range: { from: Date; to: Date; statuses: LessonStatus[] },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.instructorId, instructorId),
        inArray(bookings.status, range.statuses),
        gte(bookings.startTime, range.from),
        lt(bookings.startTime, range.to),
      ),
    );
  return row?.n ?? 0;
}

/** upcoming: SCHEDULED and not yet ended. past: every other paid-for lesson. */
function scopeFilter(instructorId: string, scope: "upcoming" | "past", now: Date) {
  const upcoming = and(eq(bookings.status, "SCHEDULED"), gt(bookings.endTime, now));
  return and(
    eq(bookings.instructorId, instructorId),
    scope === "upcoming"
      ? upcoming
      : or(
          inArray(bookings.status, ["COMPLETED", "NO_SHOW", "CANCELLED"]),
          and(eq(bookings.status, "SCHEDULED"), lte(bookings.endTime, now)),
        ),
  );
}

export async function listLessonsPage(
  db: Executor,
  instructorId: string,
  query: { scope: "upcoming" | "past"; now: Date; limit: number; offset: number },
) {
  const where = scopeFilter(instructorId, query.scope, query.now);
  const [rows, [total]] = await Promise.all([
    db
      .select(lessonColumns)
      .from(bookings)
      .innerJoin(student, eq(student.id, bookings.studentId))
      .where(where)
      .orderBy(
        query.scope === "upcoming" ? asc(bookings.startTime) : desc(bookings.startTime),
        asc(bookings.id),
      )
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(bookings).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * SCHEDULED lessons starting after `now`, soonest first: the dashboard's next few (`limit`), or all the
 * ones an availability change can leave stranded.
 */
export function listFutureScheduledLessons(db: Executor, instructorId: string, now: Date, limit?: number) {
  const query = db
    .select(lessonColumns)
    .from(bookings)
    .innerJoin(student, eq(student.id, bookings.studentId))
    .where(
      and(
        eq(bookings.instructorId, instructorId),
        eq(bookings.status, "SCHEDULED"),
        gt(bookings.startTime, now),
      ),
    )
    .orderBy(asc(bookings.startTime));
  return limit === undefined ? query : query.limit(limit);
}

/** One lesson, only if it is this instructor's: another instructor's id is simply not found. */
export async function findLesson(db: Executor, instructorId: string, lessonId: string) {
  const [row] = await db
    .select(lessonColumns)
    .from(bookings)
    .innerJoin(student, eq(student.id, bookings.studentId))
    .where(and(eq(bookings.id, lessonId), eq(bookings.instructorId, instructorId)))
    .limit(1);
  return row;
}

/** Locks the instructor's own lesson row for the rest of the transaction; undefined when not theirs. */
export async function lockOwnLesson(tx: Executor, instructorId: string, lessonId: string) {
  const [row] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, lessonId), eq(bookings.instructorId, instructorId)))
    .for("update");
  return row;
}

/**
 * SCHEDULED → COMPLETED or NO_SHOW, only once the lesson has ended. The conditions sit in the UPDATE
 * itself, so two clicks (or a click racing a cancellation) cannot both succeed.
 */
export async function markLessonOutcome(
  db: Executor,
  input: { instructorId: string; lessonId: string; status: "COMPLETED" | "NO_SHOW"; now: Date },
): Promise<boolean> {
  const updated = await db
    .update(bookings)
    .set({ status: input.status, completedAt: input.status === "COMPLETED" ? input.now : null })
    .where(
      and(
        eq(bookings.id, input.lessonId),
        eq(bookings.instructorId, input.instructorId),
        eq(bookings.status, "SCHEDULED"),
        lte(bookings.endTime, input.now),
      ),
    )
    .returning({ id: bookings.id });
  return updated.length === 1;
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

/**
 * Lists and counts of lessons: the operator console's search, the instructor's pages and dashboard, a
 * learner's lessons for their guardian, and what an account suspension must cancel. One lesson:
 * lesson-reads.ts. Writes: lessons.writes.ts only.
 */
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, lt, lte, or } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bookings } from "../../db/schema/index.ts";
import { instructor, selectAdminLessons, selectInstructorLessons } from "./lesson-columns.ts";

type LessonStatus = (typeof bookings.$inferSelect)["status"];

/** Every lesson, latest start first, a page at a time, filtered (the operator console's search). */
export async function listAdminLessons(
  db: Executor,
  filter: {
    status?: LessonStatus;
    from?: Date;
    to?: Date;
    instructorId?: string;
  },
  page: { limit: number; offset: number },
) {
  const where = and(
    filter.status ? eq(bookings.status, filter.status) : undefined,
    filter.from ? gte(bookings.startTime, filter.from) : undefined,
    filter.to ? lt(bookings.startTime, filter.to) : undefined,
    filter.instructorId ? eq(bookings.instructorId, filter.instructorId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectAdminLessons(db)
      .where(where)
      .orderBy(desc(bookings.startTime), desc(bookings.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(bookings).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Lessons of one instructor starting in [from, to), soonest first. */
export function listLessonsStartingBetween(
  db: Executor,
  instructorId: string,
  range: { from: Date; to: Date; statuses: LessonStatus[] },
) {
  return selectInstructorLessons(db)
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

/** The instructor's upcoming or past lessons, a page at a time (the portal's list). */
export async function listInstructorLessonsPage(
  db: Executor,
  instructorId: string,
  query: { scope: "upcoming" | "past"; now: Date; limit: number; offset: number },
) {
  const where = scopeFilter(instructorId, query.scope, query.now);
  const [rows, [total]] = await Promise.all([
    selectInstructorLessons(db)
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
  const query = selectInstructorLessons(db)
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

/**
 * The SCHEDULED lessons still to come that this person takes or teaches, soonest first: what an account
 * suspension cancels (accounts). Only ids: each is cancelled through cancelLessonWithRefund, which locks it.
 */
export async function listFutureScheduledLessonIdsOf(db: Executor, userId: string, now: Date) {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "SCHEDULED"),
        gt(bookings.startTime, now),
        or(eq(bookings.studentId, userId), eq(bookings.instructorId, userId)),
      ),
    )
    .orderBy(asc(bookings.startTime), asc(bookings.id));
  return rows.map((r) => r.id);
}

/** The payments still holding lessons (unpaid checkouts) this user takes or would teach. */
export async function listHeldPaymentIdsOf(db: Executor, userId: string) {
  const rows = await db
    .selectDistinct({ paymentId: bookings.paymentId })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "PENDING_PAYMENT"),
        isNotNull(bookings.paymentId),
        or(eq(bookings.studentId, userId), eq(bookings.instructorId, userId)),
      ),
    );
  return rows.flatMap((r) => (r.paymentId ? [r.paymentId] : []));
}

const instructorName = { id: instructor.id, firstName: instructor.firstName, lastName: instructor.lastName };

/** A learner's upcoming lessons (booked or still held), as their guardian's overview lists them. */
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

/**
 * Lessons as their instructor sees them: the portal's lists and dashboard, and the instructor's own
 * lesson locked before a change. Reads only (writes: lessons.writes.ts).
 */
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import {
  bookings,
  bundles,
  instructorProfiles,
  lessonRecords,
  studentProfiles,
  users,
} from "../../db/schema/index.ts";

const student = alias(users, "student");

const instructorLessonColumns = {
  id: bookings.id,
  studentId: bookings.studentId,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  status: bookings.status,
  priceCents: bookings.priceCents,
  isPoolHours: bookings.isPoolHours,
  suburb: bookings.suburb,
  pickupLocation: bookings.pickupLocation,
  paymentId: bookings.paymentId,
  bundleId: bookings.bundleId,
  completedAt: bookings.completedAt,
  cancelledAt: bookings.cancelledAt,
  cancelledBy: bookings.cancelledBy,
  refundCents: bookings.refundCents,
  keptCents: bookings.keptCents,
  bundlePricePerLessonCents: bundles.pricePerLessonCents,
  // What a lesson earns depends on the instructor's GST status (rules/instructor-pay.ts).
  instructorAbn: instructorProfiles.abn,
  instructorGstRegistered: instructorProfiles.gstRegistered,
  student: { firstName: student.firstName, lastName: student.lastName, phone: student.phone },
  // The learner's assessment (issue 23): this is the instructor's own lesson with them, so they may see it.
  assessment: {
    experienceLevel: studentProfiles.experienceLevel,
    licenseType: studentProfiles.licenseType,
    targetTestDate: studentProfiles.targetTestDate,
    focusSkills: studentProfiles.focusSkills,
    assessedAt: studentProfiles.assessedAt,
  },
  record: {
    skills: lessonRecords.skills,
    note: lessonRecords.note,
    logbookConfirmedAt: lessonRecords.logbookConfirmedAt,
    createdAt: lessonRecords.createdAt,
    updatedAt: lessonRecords.updatedAt,
  },
};

/** Every lesson read goes through these joins, so each row can say what it earns. */
function selectInstructorLessons(db: Executor) {
  return db
    .select(instructorLessonColumns)
    .from(bookings)
    .innerJoin(student, eq(student.id, bookings.studentId))
    .leftJoin(instructorProfiles, eq(instructorProfiles.userId, bookings.instructorId))
    .leftJoin(bundles, eq(bundles.id, bookings.bundleId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, bookings.studentId))
    .leftJoin(lessonRecords, eq(lessonRecords.bookingId, bookings.id));
}

export type InstructorLessonRow = NonNullable<Awaited<ReturnType<typeof findInstructorLesson>>>;

type LessonStatus = (typeof bookings.$inferSelect)["status"];

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

export async function listLessonsPage(
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

/** One lesson, only if it is this instructor's: another instructor's id is simply not found. */
export async function findInstructorLesson(db: Executor, instructorId: string, lessonId: string) {
  const [row] = await selectInstructorLessons(db)
    .where(and(eq(bookings.id, lessonId), eq(bookings.instructorId, instructorId)))
    .limit(1);
  return row;
}

/** Locks the instructor's own lesson row for the rest of the transaction; undefined when not theirs. */
export async function lockInstructorLesson(tx: Executor, instructorId: string, lessonId: string) {
  const [row] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, lessonId), eq(bookings.instructorId, instructorId)))
    .for("update");
  return row;
}

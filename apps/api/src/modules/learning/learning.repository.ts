/**
 * The learner's journey (issue 23): the assessment kept on the student profile, the lesson records and
 * what the progress page and the NSW logbook read. Lessons are read here, never written (the lessons
 * module owns bookings).
 */
import { and, asc, count, desc, eq, not, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import {
  bookings,
  instructorProfiles,
  lessonRecords,
  logbookOutsideLessons,
  saferDriversCourses,
  studentProfiles,
  testPacks,
  users,
} from "../../db/schema/index.ts";
import { isTestPackSql, taughtDuringStopSql } from "../../db/sql-rules.ts";

const instructor = alias(users, "instructor");

/** The learner's name, assessment and date of birth; undefined when there is no such student. */
export async function findLearner(db: Executor, studentId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      experienceLevel: studentProfiles.experienceLevel,
      licenseType: studentProfiles.licenseType,
      targetTestDate: studentProfiles.targetTestDate,
      focusSkills: studentProfiles.focusSkills,
      assessedAt: studentProfiles.assessedAt,
      dateOfBirth: studentProfiles.dateOfBirth,
    })
    .from(users)
    .innerJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(and(eq(users.id, studentId), eq(users.role, "STUDENT")))
    .limit(1);
  return row;
}
export type LearnerRow = NonNullable<Awaited<ReturnType<typeof findLearner>>>;

/** Keeps the learner's latest assessment; `dateOfBirth` undefined leaves the one on record. */
export async function saveAssessment(
  db: Executor,
  studentId: string,
  values: {
    experienceLevel: LearnerRow["experienceLevel"];
    licenseType: LearnerRow["licenseType"];
    targetTestDate: string | null;
    focusSkills: string[];
    assessedAt: Date;
    dateOfBirth?: string | null;
  },
): Promise<boolean> {
  const rows = await db
    .update(studentProfiles)
    .set(values)
    .where(eq(studentProfiles.userId, studentId))
    .returning({ userId: studentProfiles.userId });
  return rows.length > 0;
}

/**
 * The instructor's own lesson with its learner, locked (shared) until the transaction ends; undefined
 * when it is not theirs.
 */
export async function findOwnLessonForRecord(tx: Executor, instructorId: string, bookingId: string) {
  const [row] = await tx
    .select({ id: bookings.id, status: bookings.status, studentId: bookings.studentId })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.instructorId, instructorId)))
    .for("share");
  return row;
}

export async function findLessonRecord(tx: Executor, bookingId: string) {
  const [row] = await tx
    .select({ logbookConfirmedAt: lessonRecords.logbookConfirmedAt })
    .from(lessonRecords)
    .where(eq(lessonRecords.bookingId, bookingId))
    .for("update");
  return row;
}

export async function insertLessonRecord(tx: Executor, record: typeof lessonRecords.$inferInsert) {
  await tx.insert(lessonRecords).values(record);
}

export async function updateLessonRecord(
  tx: Executor,
  bookingId: string,
  changes: Pick<typeof lessonRecords.$inferInsert, "skills" | "note" | "logbookConfirmedAt" | "updatedAt">,
) {
  await tx.update(lessonRecords).set(changes).where(eq(lessonRecords.bookingId, bookingId));
}

/** The learner's lesson records with their lesson's times and instructor, newest lesson first. */
export function listLearnerRecords(db: Executor, studentId: string) {
  return db
    .select({
      bookingId: lessonRecords.bookingId,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      instructor: { firstName: instructor.firstName, lastName: instructor.lastName },
      skills: lessonRecords.skills,
      note: lessonRecords.note,
      logbookConfirmedAt: lessonRecords.logbookConfirmedAt,
    })
    .from(lessonRecords)
    .innerJoin(bookings, eq(bookings.id, lessonRecords.bookingId))
    .innerJoin(instructor, eq(instructor.id, lessonRecords.instructorId))
    .where(eq(lessonRecords.studentId, studentId))
    .orderBy(desc(bookings.startTime));
}

/** How many lessons the learner has completed, and their minutes; test packs are not lessons here. */
export async function completedLessonTotals(db: Executor, studentId: string) {
  const [row] = await db
    .select({
      lessons: count(),
      minutes: sql<number>`coalesce(round(sum(extract(epoch from ${bookings.endTime} - ${bookings.startTime})) / 60), 0)::int`,
    })
    .from(bookings)
    .where(and(eq(bookings.studentId, studentId), eq(bookings.status, "COMPLETED"), not(isTestPackSql)));
  return { lessons: row?.lessons ?? 0, minutes: Number(row?.minutes ?? 0) };
}

/**
 * What the NSW logbook counts: the learner's completed lessons whose instructor is verified and was
 * allowed to teach when the lesson started (no teaching stop then), with the
 * lesson's suburb (where night is judged), the instructor's licence number and whether the instructor
 * confirmed the lesson record. Oldest first. A test pack's block comes with its pack (`testPack`), for
 * the caller to count only its warm-up (rules/test-pack-outcomes.ts testPackLogbookSpan).
 */
export function listLogbookLessons(db: Executor, studentId: string) {
  return db
    .select({
      bookingId: bookings.id,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      suburb: bookings.suburb,
      instructor: {
        firstName: instructor.firstName,
        lastName: instructor.lastName,
        licenseNumber: instructorProfiles.licenseNumber,
      },
      logbookConfirmedAt: lessonRecords.logbookConfirmedAt,
      testPack: { includesWarmUp: testPacks.includesWarmUp },
    })
    .from(bookings)
    .innerJoin(instructor, eq(instructor.id, bookings.instructorId))
    .innerJoin(instructorProfiles, eq(instructorProfiles.userId, bookings.instructorId))
    .leftJoin(lessonRecords, eq(lessonRecords.bookingId, bookings.id))
    .leftJoin(testPacks, eq(testPacks.bookingId, bookings.id))
    .where(
      and(
        eq(bookings.studentId, studentId),
        eq(bookings.status, "COMPLETED"),
        eq(instructorProfiles.verificationStatus, "VERIFIED"),
        // Not taught while the instructor was suspended, rejected or had a lapsed document (decision 031).
        not(taughtDuringStopSql),
      ),
    )
    .orderBy(asc(bookings.startTime), asc(bookings.id));
}

/** The lessons the learner declared from other schools, oldest first (in the order declared per date). */
export function listOutsideLessons(db: Executor, studentId: string) {
  return db
    .select({
      id: logbookOutsideLessons.id,
      school: logbookOutsideLessons.school,
      date: logbookOutsideLessons.date,
      minutes: logbookOutsideLessons.minutes,
      structured: logbookOutsideLessons.structured,
    })
    .from(logbookOutsideLessons)
    .where(eq(logbookOutsideLessons.studentId, studentId))
    .orderBy(
      asc(logbookOutsideLessons.date),
      asc(logbookOutsideLessons.createdAt),
      asc(logbookOutsideLessons.id),
    );
}

export async function insertOutsideLesson(tx: Executor, values: typeof logbookOutsideLessons.$inferInsert) {
  const [row] = await tx
    .insert(logbookOutsideLessons)
    .values(values)
    .returning({ id: logbookOutsideLessons.id });
  return row?.id;
}

/** Deletes the learner's own declared lesson; false when they have none with that id. */
export async function deleteOutsideLesson(tx: Executor, studentId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(logbookOutsideLessons)
    .where(and(eq(logbookOutsideLessons.id, id), eq(logbookOutsideLessons.studentId, studentId)))
    .returning({ id: logbookOutsideLessons.id });
  return rows.length > 0;
}

export async function findSaferDriversCourse(db: Executor, studentId: string) {
  const [row] = await db
    .select({ completedOn: saferDriversCourses.completedOn })
    .from(saferDriversCourses)
    .where(eq(saferDriversCourses.studentId, studentId));
  return row ?? null;
}

/** Records the course; false when the learner already has one (the key allows one per learner). */
export async function insertSaferDriversCourse(
  tx: Executor,
  values: typeof saferDriversCourses.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(saferDriversCourses)
    .values(values)
    .onConflictDoNothing({ target: saferDriversCourses.studentId })
    .returning({ studentId: saferDriversCourses.studentId });
  return rows.length > 0;
}

/** Deletes the learner's course, returning its date; undefined when there was none. */
export async function deleteSaferDriversCourse(tx: Executor, studentId: string) {
  const [row] = await tx
    .delete(saferDriversCourses)
    .where(eq(saferDriversCourses.studentId, studentId))
    .returning({ completedOn: saferDriversCourses.completedOn });
  return row;
}

/**
 * The reads a lesson email needs: the lessons with both people, in start order.
 */

import { findTestCentre } from "@kerb/shared/rules";
import { and, asc, eq, gt, inArray, lte, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../../db/client.ts";
import { bookings, testPacks, users } from "../../../db/schema/index.ts";
import { notPayoutHeldSql } from "../../../db/sql-rules.ts";
import type { LessonSummary } from "../../notifications/index.ts";

const student = alias(users, "student");
const instructor = alias(users, "instructor");

const lessonColumns = {
  id: bookings.id,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  status: bookings.status,
  holdExpiresAt: bookings.holdExpiresAt,
  priceCents: bookings.priceCents,
  isPoolHours: bookings.isPoolHours,
  suburb: bookings.suburb,
  pickupLocation: bookings.pickupLocation,
  paymentId: bookings.paymentId,
  bundleId: bookings.bundleId,
  calendarSequence: bookings.calendarSequence,
  createdAt: bookings.createdAt,
  testPackCentreId: testPacks.centreId,
  testAt: testPacks.testAt,
  student: { id: student.id, email: student.email, firstName: student.firstName, lastName: student.lastName },
  instructor: {
    id: instructor.id,
    email: instructor.email,
    firstName: instructor.firstName,
    lastName: instructor.lastName,
  },
};

export type LessonNoticeRow = Awaited<ReturnType<typeof listLessonsForNotice>>[number];

/** The lessons `where` picks, each with its student and instructor. */
const lessonsWithPeople = (db: Executor, where: SQL | undefined) =>
  db
    .select(lessonColumns)
    .from(bookings)
    .innerJoin(student, eq(student.id, bookings.studentId))
    .innerJoin(instructor, eq(instructor.id, bookings.instructorId))
    // A driving-test package's block says so in every email about it.
    .leftJoin(testPacks, eq(testPacks.bookingId, bookings.id))
    .where(where);

/** Lessons with both people, in start order: these lessons, or every lesson of a payment. */
export function listLessonsForNotice(db: Executor, which: string[] | { paymentId: string }) {
  return lessonsWithPeople(
    db,
    Array.isArray(which) ? inArray(bookings.id, which) : eq(bookings.paymentId, which.paymentId),
  ).orderBy(asc(bookings.startTime));
}

/** SCHEDULED lessons starting in (from, to]; the scan asks `isReminderDue` about each. */
export function listLessonsStartingBetween(db: Executor, window: { from: Date; to: Date }) {
  return lessonsWithPeople(
    db,
    and(
      eq(bookings.status, "SCHEDULED"),
      gt(bookings.startTime, window.from),
      lte(bookings.startTime, window.to),
    ),
  ).orderBy(asc(bookings.startTime));
}

/** SCHEDULED lessons (never marked completed or no-show) that ended in (from, to]. */
export function listUnmarkedLessonsEndedBetween(db: Executor, window: { from: Date; to: Date }) {
  return lessonsWithPeople(
    db,
    and(
      eq(bookings.status, "SCHEDULED"),
      gt(bookings.endTime, window.from),
      lte(bookings.endTime, window.to),
      // Taught while the instructor could not teach: not theirs to mark until an admin decides.
      notPayoutHeldSql,
    ),
  ).orderBy(asc(bookings.endTime));
}

/** The lesson as every email's summary block prints it. */
export const toLessonSummary = (row: LessonNoticeRow): LessonSummary => ({
  id: row.id,
  startTime: row.startTime,
  endTime: row.endTime,
  suburb: row.suburb,
  pickupLocation: row.pickupLocation,
  isPoolHours: row.isPoolHours,
  priceCents: row.priceCents,
  testPack:
    row.testPackCentreId && row.testAt
      ? { centreName: findTestCentre(row.testPackCentreId)?.name ?? row.testPackCentreId, testAt: row.testAt }
      : null,
});

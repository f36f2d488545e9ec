/**
 * What a lesson row is, for the reads that share it: as the operator console and as its instructor see
 * it (with the joins each needs), and as settling its money after the fact reads it. One lesson is found
 * in lesson-reads.ts, lists of them in lesson-lists.ts; lessons are written only in lessons.writes.ts.
 */
import { eq } from "drizzle-orm";
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

export const student = alias(users, "student");
export const instructor = alias(users, "instructor");

/** A lesson's own columns, and what became of its money, as both the operator and its instructor see it. */
const lessonColumns = {
  id: bookings.id,
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
};

const adminLessonColumns = {
  ...lessonColumns,
  createdAt: bookings.createdAt,
  student: { id: student.id, firstName: student.firstName, lastName: student.lastName, email: student.email },
  instructor: { id: instructor.id, firstName: instructor.firstName, lastName: instructor.lastName },
};

/** Lessons as the operator console lists them: every lesson, with its student and instructor. */
export function selectAdminLessons(db: Executor) {
  return db
    .select(adminLessonColumns)
    .from(bookings)
    .innerJoin(student, eq(student.id, bookings.studentId))
    .innerJoin(instructor, eq(instructor.id, bookings.instructorId));
}

const instructorLessonColumns = {
  ...lessonColumns,
  studentId: bookings.studentId,
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

/**
 * Lessons as their instructor sees them. Every instructor's lesson read goes through these joins, so
 * each row can say what it earns.
 */
export function selectInstructorLessons(db: Executor) {
  return db
    .select(instructorLessonColumns)
    .from(bookings)
    .innerJoin(student, eq(student.id, bookings.studentId))
    .leftJoin(instructorProfiles, eq(instructorProfiles.userId, bookings.instructorId))
    .leftJoin(bundles, eq(bundles.id, bookings.bundleId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, bookings.studentId))
    .leftJoin(lessonRecords, eq(lessonRecords.bookingId, bookings.id));
}

/** What settling a taught lesson's money after the fact reads: a no-show dispute, a held lesson. */
export const lessonSettlementColumns = {
  id: bookings.id,
  status: bookings.status,
  instructorId: bookings.instructorId,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  priceCents: bookings.priceCents,
  keptCents: bookings.keptCents,
  paymentId: bookings.paymentId,
  bundleId: bookings.bundleId,
};

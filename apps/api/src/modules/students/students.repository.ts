import { and, asc, desc, eq, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import {
  bookings,
  bundles,
  instructorProfiles,
  payments,
  studentProfiles,
  users,
} from "../../db/schema/index.ts";
import { instructorSuspendedSql } from "../../db/sql-rules.ts";
import {
  studentBookingColumns,
  studentBookingInstructor,
  studentBookingInstructorJoin,
} from "./student-booking.ts";

export async function findStudent(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      suburb: studentProfiles.suburb,
      licenseType: studentProfiles.licenseType,
      experienceLevel: studentProfiles.experienceLevel,
    })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

const instructor = alias(users, "instructor");
const payer = alias(users, "payer");

export function listStudentBookings(db: Executor, studentId: string) {
  return (
    db
      .select(studentBookingColumns)
      .from(bookings)
      .innerJoin(studentBookingInstructor, studentBookingInstructorJoin)
      // Lapsed checkout holds were never lessons; the student does not need to see them.
      .where(and(eq(bookings.studentId, studentId), ne(bookings.status, "EXPIRED")))
      .orderBy(asc(bookings.startTime))
  );
}

/** A student's bundles with what decides whether their instructor may still be booked. */
export function listStudentBundles(db: Executor, studentId: string, bundleId?: string) {
  return db
    .select({
      id: bundles.id,
      totalLessons: bundles.totalLessons,
      usedLessons: bundles.usedLessons,
      pricePerLessonCents: bundles.pricePerLessonCents,
      suburb: bundles.suburb,
      expiresAt: bundles.expiresAt,
      createdAt: bundles.createdAt,
      instructorId: bundles.instructorId,
      instructorFirstName: instructor.firstName,
      instructorLastName: instructor.lastName,
      listing: {
        suburbs: instructorProfiles.suburbs,
        suspended: instructorSuspendedSql,
        verificationStatus: instructorProfiles.verificationStatus,
        licenseExpiresOn: instructorProfiles.licenseExpiresOn,
        wwcExpiresOn: instructorProfiles.wwcExpiresOn,
      },
      // A guardian who paid for the bundle (its payment's payer), named to the learner.
      payerFirstName: payer.firstName,
      payerLastName: payer.lastName,
    })
    .from(bundles)
    .leftJoin(instructor, eq(instructor.id, bundles.instructorId))
    .leftJoin(instructorProfiles, eq(instructorProfiles.userId, bundles.instructorId))
    .leftJoin(payments, eq(payments.id, bundles.paymentId))
    .leftJoin(payer, eq(payer.id, payments.payerId))
    .where(and(eq(bundles.studentId, studentId), bundleId ? eq(bundles.id, bundleId) : undefined))
    .orderBy(desc(bundles.createdAt));
}
export type StudentBundleRow = Awaited<ReturnType<typeof listStudentBundles>>[number];

import { and, asc, eq, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { bookings, howInstructorTeaches, instructorProfiles, users } from "../../db/schema/index.ts";
import { instructorSuspendedSql } from "../../db/sql-rules.ts";

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
      suspended: instructorSuspendedSql,
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

/**
 * Suburbs, pool opt-in, rate and scheduling settings under a row lock, so the audited "before" is what
 * the update replaced.
 */
export async function lockSettings(tx: Executor, instructorId: string) {
  const [row] = await tx
    .select({
      standardRateCents: instructorProfiles.standardRateCents,
      poolOptIn: instructorProfiles.poolOptIn,
      suburbs: instructorProfiles.suburbs,
      ...howInstructorTeaches,
    })
    .from(instructorProfiles)
    .where(eq(instructorProfiles.userId, instructorId))
    .for("update");
  return row;
}

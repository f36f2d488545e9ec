import { and, asc, desc, eq, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { bookings, bundles, studentProfiles, users } from "../../db/schema/index.ts";

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

export function listStudentBookings(db: Executor, studentId: string) {
  return (
    db
      .select({
        id: bookings.id,
        startTime: bookings.startTime,
        endTime: bookings.endTime,
        status: bookings.status,
        pickupLocation: bookings.pickupLocation,
        priceCents: bookings.priceCents,
        isPoolHours: bookings.isPoolHours,
        instructor: { id: instructor.id, firstName: instructor.firstName, lastName: instructor.lastName },
      })
      .from(bookings)
      .innerJoin(instructor, eq(instructor.id, bookings.instructorId))
      // Lapsed checkout holds were never lessons; the student does not need to see them.
      .where(and(eq(bookings.studentId, studentId), ne(bookings.status, "EXPIRED")))
      .orderBy(asc(bookings.startTime))
  );
}

export function listStudentBundles(db: Executor, studentId: string) {
  return db
    .select({
      id: bundles.id,
      totalLessons: bundles.totalLessons,
      usedLessons: bundles.usedLessons,
      pricePerLessonCents: bundles.pricePerLessonCents,
      expiresAt: bundles.expiresAt,
      createdAt: bundles.createdAt,
      instructorId: bundles.instructorId,
      instructorFirstName: instructor.firstName,
      instructorLastName: instructor.lastName,
    })
    .from(bundles)
    .leftJoin(instructor, eq(instructor.id, bundles.instructorId))
    .where(eq(bundles.studentId, studentId))
    .orderBy(desc(bundles.createdAt));
}

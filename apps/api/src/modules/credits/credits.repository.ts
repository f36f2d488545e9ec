import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bookings, bundles } from "../../db/schema/index.ts";
import {
  studentBookingColumns,
  studentBookingInstructor,
  studentBookingInstructorJoin,
} from "../students/index.ts";

/**
 * The student's bundle, locked until the transaction ends: concurrent spends (and an instructor change)
 * of one bundle queue here, so each sees the credits the previous one left. Someone else's bundle is
 * simply absent.
 */
export async function lockStudentBundle(tx: Executor, studentId: string, bundleId: string) {
  const [row] = await tx
    .select({
      id: bundles.id,
      instructorId: bundles.instructorId,
      totalLessons: bundles.totalLessons,
      usedLessons: bundles.usedLessons,
      pricePerLessonCents: bundles.pricePerLessonCents,
      suburb: bundles.suburb,
      expiresAt: bundles.expiresAt,
    })
    .from(bundles)
    .where(and(eq(bundles.id, bundleId), eq(bundles.studentId, studentId)))
    .for("update");
  return row;
}
export type LockedBundle = NonNullable<Awaited<ReturnType<typeof lockStudentBundle>>>;

/** The student's view of the lessons just booked, in time order. */
export function listStudentLessons(db: Executor, studentId: string, ids: string[]) {
  return db
    .select(studentBookingColumns)
    .from(bookings)
    .innerJoin(studentBookingInstructor, studentBookingInstructorJoin)
    .where(and(eq(bookings.studentId, studentId), inArray(bookings.id, ids)))
    .orderBy(bookings.startTime);
}

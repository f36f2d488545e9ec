/**
 * The student's view of one lesson (`studentProfileBooking`), used by the profile, credit spending,
 * cancellation and rescheduling answers so all of them describe a lesson the same way.
 */
import type { StudentProfileBooking } from "@kerb/shared";
import { centsToDollars } from "@kerb/shared/rules";
import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { bookings, users } from "../../db/schema/index.ts";

const instructor = alias(users, "instructor");

/** Columns for `toStudentBooking`; select them `from(bookings)` joined with `studentBookingInstructor`. */
export const studentBookingColumns = {
  id: bookings.id,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  status: bookings.status,
  pickupLocation: bookings.pickupLocation,
  priceCents: bookings.priceCents,
  isPoolHours: bookings.isPoolHours,
  paymentId: bookings.paymentId,
  bundleId: bookings.bundleId,
  holdExpiresAt: bookings.holdExpiresAt,
  refundCents: bookings.refundCents,
  suburb: bookings.suburb,
  instructor: { id: instructor.id, firstName: instructor.firstName, lastName: instructor.lastName },
};
export const studentBookingInstructor = instructor;
export const studentBookingInstructorJoin = eq(instructor.id, bookings.instructorId);

export type StudentBookingRow = {
  [K in keyof typeof studentBookingColumns]: K extends "instructor"
    ? { id: string; firstName: string; lastName: string }
    : (typeof bookings.$inferSelect)[K & keyof typeof bookings.$inferSelect];
};

export function toStudentBooking(row: StudentBookingRow): StudentProfileBooking {
  return {
    id: row.id,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    status: row.status,
    pickupLocation: row.pickupLocation,
    price: centsToDollars(row.priceCents),
    isPoolHours: row.isPoolHours,
    instructor: row.instructor,
    paymentId: row.paymentId,
    bundleId: row.bundleId,
    holdExpiresAt: row.status === "PENDING_PAYMENT" ? (row.holdExpiresAt?.toISOString() ?? null) : null,
    refund: row.status === "CANCELLED" && row.refundCents !== null ? centsToDollars(row.refundCents) : null,
    suburb: row.suburb,
  };
}

/** One lesson of this student, or undefined when there is none (someone else's lesson reads as absent). */
export async function findStudentBooking(db: Executor, studentId: string, bookingId: string) {
  const [row] = await db
    .select(studentBookingColumns)
    .from(bookings)
    .innerJoin(instructor, studentBookingInstructorJoin)
    .where(and(eq(bookings.id, bookingId), eq(bookings.studentId, studentId)));
  return row ? toStudentBooking(row) : undefined;
}

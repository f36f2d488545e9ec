import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bookings, bundles } from "../../db/schema/index.ts";
import {
  type StudentBookingRow,
  studentBookingColumns,
  studentBookingInstructor,
  studentBookingInstructorJoin,
} from "../students/student-booking.ts";

// Cancellation bookkeeping, for lesson-cancellation.ts: every write happens in the caller's transaction.

export async function lockBookingForCancellation(tx: Executor, bookingId: string) {
  const [row] = await tx
    .select({
      id: bookings.id,
      instructorId: bookings.instructorId,
      status: bookings.status,
      startTime: bookings.startTime,
      priceCents: bookings.priceCents,
      paymentId: bookings.paymentId,
      bundleId: bookings.bundleId,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for("update");
  return row;
}

export async function markBookingCancelled(
  tx: Executor,
  input: {
    bookingId: string;
    now: Date;
    cancelledBy: "STUDENT" | "INSTRUCTOR" | "ADMIN";
    refundCents: number;
    keptCents: number;
  },
) {
  await tx
    .update(bookings)
    .set({
      status: "CANCELLED",
      cancelledAt: input.now,
      cancelledBy: input.cancelledBy,
      refundCents: input.refundCents,
      keptCents: input.keptCents,
    })
    .where(eq(bookings.id, input.bookingId));
}

/** Gives one lesson back to the bundle it was paid from. */
export async function returnBundleCredit(tx: Executor, bundleId: string) {
  await tx
    .update(bundles)
    .set({ usedLessons: sql`greatest(${bundles.usedLessons} - 1, 0)` })
    .where(eq(bundles.id, bundleId));
}

/**
 * The student's own lesson, locked for the rest of the transaction (a reschedule against a concurrent
 * cancel or a second reschedule: the later one waits and sees the first one's result). Someone else's
 * lesson is absent.
 */
export async function lockStudentLesson(tx: Executor, studentId: string, bookingId: string) {
  const [row] = await tx
    .select({
      id: bookings.id,
      instructorId: bookings.instructorId,
      status: bookings.status,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      isPoolHours: bookings.isPoolHours,
      suburb: bookings.suburb,
    })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.studentId, studentId)))
    .for("update");
  return row;
}

/**
 * Moves a lesson with one UPDATE: the exclusion constraints check the new period while the row still
 * holds the old one, so the new slot is taken before the old is released, and a clash (23P01) leaves
 * the lesson where it was.
 */
export async function moveLesson(tx: Executor, bookingId: string, period: { start: Date; end: Date }) {
  await tx
    .update(bookings)
    .set({ startTime: period.start, endTime: period.end })
    .where(eq(bookings.id, bookingId));
}

/** The student's own lesson as `toStudentBooking` reads it (with price and how it was paid). */
export async function findStudentLessonRow(
  db: Executor,
  studentId: string,
  bookingId: string,
): Promise<StudentBookingRow | undefined> {
  const [row] = await db
    .select(studentBookingColumns)
    .from(bookings)
    .innerJoin(studentBookingInstructor, studentBookingInstructorJoin)
    .where(and(eq(bookings.id, bookingId), eq(bookings.studentId, studentId)));
  return row;
}

import type { Slot, StudentProfileBooking } from "@kerb/shared";
import { isActiveBooking } from "@kerb/shared/rules";

/** How a time the student is already taken is marked, in the slot list and the selection. */
export const OWN_LESSON_NOTE = "You have a lesson then";

/** A stretch of time the student already has a lesson in, epoch milliseconds. */
type BusyPeriod = { start: number; end: number };

/**
 * When the student is already taken: scheduled lessons and holds still active, by the shared rule the
 * server's own clash check uses. The holds of this booking's open payment are left out: paying again
 * reuses that payment, so they are this very selection, not another lesson.
 */
export function busyPeriods(
  bookings: readonly StudentProfileBooking[],
  now: Date,
  openPaymentId: string | null,
): BusyPeriod[] {
  return bookings
    .filter((b) => isActiveBooking(b.status, b.holdExpiresAt ? new Date(b.holdExpiresAt) : null, now))
    .filter((b) => !(openPaymentId && b.paymentId === openPaymentId && b.status === "PENDING_PAYMENT"))
    .map((b) => ({ start: Date.parse(b.startTime), end: Date.parse(b.endTime) }));
}

/** The slot overlaps one of the student's lessons: the server would refuse it (one student, one car). */
export function clashesWithOwnLesson(
  slot: Pick<Slot, "startTime" | "endTime">,
  busy: readonly BusyPeriod[],
): boolean {
  const start = Date.parse(slot.startTime);
  const end = Date.parse(slot.endTime);
  return busy.some((period) => period.start < end && start < period.end);
}

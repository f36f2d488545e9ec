/**
 * Checkout holds and which bookings occupy time. The one home of "is this hold still active": the
 * availability engine, the student's clash check, the hold cap and checkout fulfilment all ask it, and
 * the API's SQL copy (apps/api/src/db/sql-rules.ts `activeBookingSql`) is built from the same constants.
 */
import { ACTIVE_BOOKING_STATUSES, type BookingStatus, HOLD_MINUTES } from "../constants.ts";

const MS_PER_MINUTE = 60_000;

/** The status of a lesson held during checkout, waiting for its payment. */
export const HELD_BOOKING_STATUS = "PENDING_PAYMENT" satisfies BookingStatus;

/** When a hold placed at `now` lapses: HOLD_MINUTES (30) later. */
export function holdExpiryFrom(now: Date): Date {
  return new Date(now.getTime() + HOLD_MINUTES * MS_PER_MINUTE);
}

/**
 * A checkout hold still keeps its time: PENDING_PAYMENT and its expiry is after `now` (a hold expiring
 * exactly now has lapsed). A hold without an expiry never lapses: the database's exclusion constraint
 * keeps covering it and the sweep never frees it, so treating it as lapsed would only offer a time that
 * then fails to book.
 */
export function isHoldActive(status: BookingStatus, holdExpiresAt: Date | null, now: Date): boolean {
  if (status !== HELD_BOOKING_STATUS) return false;
  return holdExpiresAt === null || holdExpiresAt.getTime() > now.getTime();
}

/** The booking occupies its instructor's (and student's) time: SCHEDULED, or a hold still active. */
export function isActiveBooking(status: BookingStatus, holdExpiresAt: Date | null, now: Date): boolean {
  if (!(ACTIVE_BOOKING_STATUSES as readonly BookingStatus[]).includes(status)) return false;
  return status !== HELD_BOOKING_STATUS || isHoldActive(status, holdExpiresAt, now);
}

import type { StudentProfileBooking } from "@kerb/shared";
import { isHoldActive } from "@kerb/shared/rules";

const time = (iso: string) => new Date(iso).getTime();

/** Lessons held for one unpaid checkout, and when the hold lets them go. */
export type HeldPayment = {
  paymentId: string;
  /** The earliest expiry of its lessons (they are held together); null if the server sent none. */
  holdExpiresAt: string | null;
  lessons: StudentProfileBooking[];
};

/** Still held for the student, by the shared hold rule the server books with. */
export function isActiveHold(booking: StudentProfileBooking, now: number): boolean {
  const expiry = booking.holdExpiresAt === null ? null : new Date(booking.holdExpiresAt);
  return isHoldActive(booking.status, expiry, new Date(now));
}

const earliest = (a: string | null, b: string | null) =>
  a === null || (b !== null && time(b) < time(a)) ? b : a;

/**
 * Held unpaid lessons, one group per checkout, the hold that lapses first first; lessons in each
 * group soonest first.
 */
export function heldPayments(bookings: readonly StudentProfileBooking[], now: number): HeldPayment[] {
  const groups = new Map<string, HeldPayment>();
  for (const booking of bookings) {
    if (!booking.paymentId || !isActiveHold(booking, now)) continue;
    const group = groups.get(booking.paymentId);
    if (group) {
      group.lessons.push(booking);
      group.holdExpiresAt = earliest(group.holdExpiresAt, booking.holdExpiresAt);
    } else {
      groups.set(booking.paymentId, {
        paymentId: booking.paymentId,
        holdExpiresAt: booking.holdExpiresAt,
        lessons: [booking],
      });
    }
  }
  const lapse = (group: HeldPayment) =>
    group.holdExpiresAt === null ? Number.POSITIVE_INFINITY : time(group.holdExpiresAt);
  return [...groups.values()]
    .map((group) => ({
      ...group,
      lessons: group.lessons.sort((a, b) => time(a.startTime) - time(b.startTime)),
    }))
    .sort((a, b) => lapse(a) - lapse(b));
}

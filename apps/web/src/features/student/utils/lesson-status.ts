import type { StudentProfileBooking, StudentRefund } from "@kerb/shared";
import { canReschedule, isHoldActive } from "@kerb/shared/rules";
import { formatDollars } from "@/lib/format";

const time = (iso: string) => new Date(iso).getTime();

/** A SCHEDULED lesson that has not started can be cancelled (the server decides what comes back). */
export function canCancelLesson(booking: StudentProfileBooking, now: number): boolean {
  return booking.status === "SCHEDULED" && time(booking.startTime) > now;
}

/** Moving a lesson is free up to 24 hours before it starts (the shared rule the server applies too). */
export function canRescheduleLesson(booking: StudentProfileBooking, now: number): boolean {
  return booking.status === "SCHEDULED" && canReschedule(new Date(booking.startTime), new Date(now));
}

/** What a cancellation gave back, in the words the lesson shows under its Cancelled badge. */
export function refundText(refund: StudentRefund): string {
  switch (refund.method) {
    case "CARD":
      return `Refunded ${formatDollars(refund.amount)} to your card`;
    case "CREDIT":
      return "Credit returned to your bundle";
    case "NONE":
      return "No refund";
  }
}

/**
 * The same for a cancelled lesson as the profile describes it. The profile gives a card refund's
 * amount, but not whether a bundle credit went back: that is known only from this session's answer.
 */
export function cancelledLessonRefund(
  booking: StudentProfileBooking,
  known: StudentRefund | undefined,
): string | null {
  if (booking.status !== "CANCELLED") return null;
  if (known) return refundText(known);
  if (booking.bundleId) return "Paid with a bundle credit";
  if (booking.refund !== null && booking.refund > 0) {
    return refundText({ amount: booking.refund, gst: 0, method: "CARD" });
  }
  return booking.paymentId ? "No refund" : null;
}

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

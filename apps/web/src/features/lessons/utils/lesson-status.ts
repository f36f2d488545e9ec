import type { StudentProfileBooking, StudentRefund } from "@kerb/shared";
import { canReschedule } from "@kerb/shared/rules";
import { refundCardOf } from "@kerb/shared/words";
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

/**
 * What a cancellation gave back, in the words the lesson shows under its Cancelled badge. `card`: whose
 * card, when the preview said ("Mei Li's card" when a guardian paid).
 * `isTestPack`: a driving-test package's credit is the learner's own, not a bundle's.
 */
export function refundText(refund: StudentRefund, card = "your card", isTestPack = false): string {
  switch (refund.method) {
    case "CARD":
      return `Refunded ${formatDollars(refund.amount)} to ${card}`;
    case "CREDIT":
      return isTestPack ? "Test-pack credit returned to you" : "Credit returned to your bundle";
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
  const card = refundCardOf(booking.paidBy);
  const isTestPack = Boolean(booking.testPack);
  if (known) return refundText(known, card, isTestPack);
  if (booking.bundleId) return "Paid with a bundle credit";
  if (isTestPack && !booking.paymentId) return "Paid with a test-pack credit";
  if (booking.refund !== null && booking.refund > 0) {
    return refundText({ amount: booking.refund, gst: 0, method: "CARD" }, card);
  }
  return booking.paymentId ? "No refund" : null;
}

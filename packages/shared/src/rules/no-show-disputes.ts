/**
 * A no-show's dispute and what the lesson keeps. A student marked a no-show may dispute it within
 * NO_SHOW_DISPUTE_DAYS of the lesson (the no-show email says so); an admin settles it once, inside that
 * window: KEEP (Kerb keeps the lesson's value, the instructor keeps their share) or REFUND (the student
 * gets the lesson's value back and the instructor's earning is reversed).
 *
 * The decision is recorded on the lesson as its kept value (bookings.kept_cents), the same column a late
 * cancellation uses: on a NO_SHOW lesson null means not settled (the whole price is kept meanwhile),
 * the price means kept after a dispute, and 0 means refunded.
 */
import { type BookingStatus, NO_SHOW_DISPUTE_DAYS } from "../constants.ts";
import { lessonStatusWords } from "./lesson-lifecycle.ts";
import { formatSydneyDate, formatSydneyTime } from "./sydney-time.ts";

export const NO_SHOW_RESOLUTIONS = ["KEEP", "REFUND"] as const;
export type NoShowResolution = (typeof NO_SHOW_RESOLUTIONS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant a no-show's dispute window closes: NO_SHOW_DISPUTE_DAYS after the lesson ended. */
export function noShowDisputeClosesAt(lessonEnd: Date): Date {
  return new Date(lessonEnd.getTime() + NO_SHOW_DISPUTE_DAYS * DAY_MS);
}

export interface NoShowLesson {
  status: BookingStatus;
  endTime: Date;
  priceCents: number;
  /** bookings.kept_cents: null until a dispute is settled, then the price (kept) or 0 (refunded). */
  keptCents: number | null;
}

/** How a no-show's dispute was settled; null while it is not (or the lesson is not a no-show). */
export function noShowResolutionOf(lesson: NoShowLesson): NoShowResolution | null {
  if (lesson.status !== "NO_SHOW" || lesson.keptCents === null) return null;
  return lesson.keptCents === 0 ? "REFUND" : "KEEP";
}

/** Why an admin cannot settle this lesson's no-show dispute at `now`; null when they can. */
export function noShowDisputeRefusal(lesson: NoShowLesson, now: Date): string | null {
  if (lesson.status !== "NO_SHOW") {
    return `Only a lesson marked a no-show can have its no-show disputed; this lesson is ${lessonStatusWords(lesson.status)}`;
  }
  const resolution = noShowResolutionOf(lesson);
  if (resolution) {
    return resolution === "REFUND"
      ? "This no-show was already settled: the student was refunded"
      : "This no-show was already settled: Kerb kept the lesson's value";
  }
  const closesAt = noShowDisputeClosesAt(lesson.endTime);
  if (now.getTime() > closesAt.getTime()) {
    return (
      `The ${NO_SHOW_DISPUTE_DAYS}-day dispute window for this no-show closed at ` +
      `${formatSydneyTime(closesAt)} on ${formatSydneyDate(closesAt)}`
    );
  }
  return null;
}

/** The lesson's kept value (ex GST) after the admin's decision: the whole price, or nothing. */
export function keptAfterNoShowDispute(resolution: NoShowResolution, priceCents: number): number {
  return resolution === "KEEP" ? priceCents : 0;
}

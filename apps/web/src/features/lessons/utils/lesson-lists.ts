import type { StudentProfileBooking } from "@kerb/shared";

const time = (iso: string) => new Date(iso).getTime();

/** SCHEDULED lessons that have not started yet, soonest first (spec §4 "upcoming"). */
export function upcomingLessons(
  bookings: readonly StudentProfileBooking[],
  now: number,
): StudentProfileBooking[] {
  return bookings
    .filter((b) => b.status === "SCHEDULED" && time(b.startTime) > now)
    .sort((a, b) => time(a.startTime) - time(b.startTime));
}

/** Everything else, most recent first: lessons taken, cancelled, missed, or awaiting payment. */
export function pastAndOtherLessons(
  bookings: readonly StudentProfileBooking[],
  now: number,
): StudentProfileBooking[] {
  const upcoming = new Set(upcomingLessons(bookings, now).map((b) => b.id));
  return bookings.filter((b) => !upcoming.has(b.id)).sort((a, b) => time(b.startTime) - time(a.startTime));
}

export function completedLessonCount(bookings: readonly StudentProfileBooking[]): number {
  return bookings.filter((b) => b.status === "COMPLETED").length;
}

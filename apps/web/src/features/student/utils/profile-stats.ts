import type { StudentProfileBooking, StudentProfileBundle } from "@kerb/shared";

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

export function remainingLessons(bundle: StudentProfileBundle): number {
  return Math.max(0, bundle.totalLessons - bundle.usedLessons);
}

export type BundleState = "active" | "used" | "expired";

export function bundleState(bundle: StudentProfileBundle, now: number): BundleState {
  if (time(bundle.expiresAt) <= now) return "expired";
  return remainingLessons(bundle) > 0 ? "active" : "used";
}

/** Bundles that can still pay for a lesson: not expired and not used up. */
export function activeBundles(bundles: readonly StudentProfileBundle[], now: number): StudentProfileBundle[] {
  return bundles
    .filter((b) => bundleState(b, now) === "active")
    .sort((a, b) => time(a.expiresAt) - time(b.expiresAt));
}

export function lessonsAvailable(bundles: readonly StudentProfileBundle[], now: number): number {
  return activeBundles(bundles, now).reduce((sum, b) => sum + remainingLessons(b), 0);
}

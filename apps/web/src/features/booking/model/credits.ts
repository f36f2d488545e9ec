import type { StudentProfileBundle } from "@kerb/shared";

type BundleCounts = Pick<StudentProfileBundle, "totalLessons" | "usedLessons">;

/** Credits the bundle can still spend. */
export function creditsLeft(bundle: BundleCounts): number {
  return Math.max(0, bundle.totalLessons - bundle.usedLessons);
}

/**
 * Why the bundle cannot be spent right now, checked in the order a student can do something about it:
 * an expired or used-up bundle is over; one without a bookable instructor needs another instructor
 * first (its credits can be moved).
 */
export type BundleBlocker = "expired" | "used_up" | "needs_instructor";

export function bundleBlocker(
  bundle: Pick<StudentProfileBundle, "expired" | "instructor" | "instructorBookable"> & BundleCounts,
): BundleBlocker | null {
  if (bundle.expired) return "expired";
  if (creditsLeft(bundle) === 0) return "used_up";
  if (!bundle.instructor || !bundle.instructorBookable) return "needs_instructor";
  return null;
}

export const lessonCount = (n: number) => `${n} ${n === 1 ? "lesson" : "lessons"}`;

/**
 * What the calendar, panel and review say instead of a price. `left` is what remains once the chosen
 * lessons are booked, so the student sees the limit coming.
 */
export function paidWithCreditsText(left: number): string {
  return `Paid with bundle credits (${left} left)`;
}

/** The booking button's words: "Book 3 lessons with credits". */
export function bookWithCreditsLabel(count: number): string {
  return `Book ${lessonCount(count)} with credits`;
}

/** "3 of 10 used" */
export function creditsUsedText(bundle: BundleCounts): string {
  return `${bundle.usedLessons} of ${bundle.totalLessons} used`;
}

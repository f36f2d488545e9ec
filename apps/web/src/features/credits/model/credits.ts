import type { StudentProfileBundle } from "@kerb/shared";
import { lessonCount } from "@/lib/format";

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
type BundleBlocker = "expired" | "used_up" | "needs_instructor";

export function bundleBlocker(
  bundle: Pick<StudentProfileBundle, "expired" | "instructor" | "instructorBookable"> & BundleCounts,
): BundleBlocker | null {
  if (bundle.expired) return "expired";
  if (creditsLeft(bundle) === 0) return "used_up";
  if (!bundle.instructor || !bundle.instructorBookable) return "needs_instructor";
  return null;
}

/** The booking button's words: "Book 3 lessons with credits". */
export function bookWithCreditsLabel(count: number): string {
  return `Book ${lessonCount(count)} with credits`;
}

/** "3 of 10 used" */
export function creditsUsedText(bundle: BundleCounts): string {
  return `${bundle.usedLessons} of ${bundle.totalLessons} used`;
}

/**
 * Reviews: when a student may review a lesson, how an instructor's rating is averaged, and how it reads.
 * The API stores the average with two decimals (numeric(3,2)); `averageRating` rounds the same way so
 * the rating shown, the rating sorted by and the recommendation score all read one number.
 */
import type { BookingStatus } from "../constants.ts";

/** A lesson can be reviewed for this many days after it ends. */
export const REVIEW_WINDOW_DAYS = 14;
export const REVIEW_COMMENT_MAX_LENGTH = 1000;
export const MIN_RATING = 1;
export const MAX_RATING = 5;

const DAY_MS = 86_400_000;

/** The last instant a lesson that ended at `lessonEnd` may be reviewed. */
export function reviewWindowClosesAt(lessonEnd: Date): Date {
  return new Date(lessonEnd.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
}

/** Whether `now` is still inside the review window of a lesson that ended at `lessonEnd`. */
export function isWithinReviewWindow(lessonEnd: Date, now: Date): boolean {
  return now.getTime() <= reviewWindowClosesAt(lessonEnd).getTime();
}

/** A student may review a completed lesson once, within the window. */
export function canReviewLesson(
  lesson: { status: BookingStatus; endTime: Date | string; hasReview: boolean },
  now: Date,
): boolean {
  if (lesson.status !== "COMPLETED" || lesson.hasReview) return false;
  return isWithinReviewWindow(new Date(lesson.endTime), now);
}

/**
 * The mean of whole-star ratings, rounded half up to two decimals with integer arithmetic (no binary
 * floating-point surprises at x.xx5); null with no ratings.
 */
export function averageRating(summary: { count: number; sum: number }): number | null {
  const { count, sum } = summary;
  if (count <= 0) return null;
  const hundredths = Math.floor((sum * 200 + count) / (2 * count));
  return hundredths / 100;
}

/**
 * One decimal, half up from the stored two ("4.85" → "4.9"): toFixed would read 4.85 as the binary
 * 4.8499… and show 4.8.
 */
export function formatRating(rating: number): string {
  const tenths = Math.floor((Math.round(rating * 100) + 5) / 10);
  return (tenths / 10).toFixed(1);
}

/** "4.8 (23)"; "No reviews yet" without any. */
export function formatRatingSummary(rating: number | null, count: number): string {
  if (rating === null || count === 0) return "No reviews yet";
  return `${formatRating(rating)} (${count})`;
}

/** What the public sees of a reviewer: "Sam L." (never the surname). */
export function reviewerDisplayName(firstName: string, lastName: string): string {
  const initial = Array.from(lastName.trim())[0];
  return initial ? `${firstName.trim()} ${initial.toUpperCase()}.` : firstName.trim();
}

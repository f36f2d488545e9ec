import { describe, expect, it } from "vitest";
import {
  averageRating,
  canReviewLesson,
  formatRating,
  formatRatingSummary,
  isWithinReviewWindow,
  REVIEW_WINDOW_DAYS,
  reviewerDisplayName,
  reviewWindowClosesAt,
} from "./reviews.ts";

const end = new Date("2026-03-01T10:00:00+11:00");
const plus = (ms: number) => new Date(end.getTime() + ms);
const DAY = 86_400_000;

describe("review window", () => {
  it("closes 14 days after the lesson ends, inclusive of the last millisecond", () => {
    expect(REVIEW_WINDOW_DAYS).toBe(14);
    expect(reviewWindowClosesAt(end).toISOString()).toBe("2026-03-14T23:00:00.000Z");
    expect(isWithinReviewWindow(end, plus(0))).toBe(true);
    expect(isWithinReviewWindow(end, plus(14 * DAY))).toBe(true);
    expect(isWithinReviewWindow(end, plus(14 * DAY + 1))).toBe(false);
  });

  it("lets a student review a completed, unreviewed lesson inside the window only", () => {
    const lesson = { status: "COMPLETED" as const, endTime: end.toISOString(), hasReview: false };
    expect(canReviewLesson(lesson, plus(DAY))).toBe(true);
    expect(canReviewLesson({ ...lesson, hasReview: true }, plus(DAY))).toBe(false);
    expect(canReviewLesson({ ...lesson, status: "SCHEDULED" }, plus(DAY))).toBe(false);
    expect(canReviewLesson({ ...lesson, status: "NO_SHOW" }, plus(DAY))).toBe(false);
    expect(canReviewLesson({ ...lesson, status: "CANCELLED" }, plus(DAY))).toBe(false);
    expect(canReviewLesson(lesson, plus(15 * DAY))).toBe(false);
  });
});

describe("averageRating", () => {
  it("is null without ratings", () => {
    expect(averageRating({ count: 0, sum: 0 })).toBeNull();
  });

  it("rounds half up to two decimals, exactly", () => {
    expect(averageRating({ count: 1, sum: 4 })).toBe(4);
    expect(averageRating({ count: 3, sum: 14 })).toBe(4.67); // 4.666…
    expect(averageRating({ count: 3, sum: 13 })).toBe(4.33); // 4.333…
    expect(averageRating({ count: 8, sum: 33 })).toBe(4.13); // 4.125 → up
    expect(averageRating({ count: 200, sum: 967 })).toBe(4.84); // 4.835 → up
    expect(averageRating({ count: 10, sum: 50 })).toBe(5);
    expect(averageRating({ count: 7, sum: 7 })).toBe(1);
  });
});

describe("formatting", () => {
  it("shows one decimal, half up from the stored two", () => {
    expect(formatRating(4.85)).toBe("4.9");
    expect(formatRating(4.84)).toBe("4.8");
    expect(formatRating(4.75)).toBe("4.8");
    expect(formatRating(5)).toBe("5.0");
  });

  it('reads "4.8 (23)", or says there are none', () => {
    expect(formatRatingSummary(4.8, 23)).toBe("4.8 (23)");
    expect(formatRatingSummary(4.67, 3)).toBe("4.7 (3)");
    expect(formatRatingSummary(null, 0)).toBe("No reviews yet");
    expect(formatRatingSummary(4.5, 0)).toBe("No reviews yet");
  });

  it("names a reviewer by first name and initial, never the surname", () => {
    expect(reviewerDisplayName("Sam", "Learner")).toBe("Sam L.");
    expect(reviewerDisplayName("Ji-woo", "o'brien")).toBe("Ji-woo O.");
    expect(reviewerDisplayName("Ana", "  ")).toBe("Ana");
  });
});

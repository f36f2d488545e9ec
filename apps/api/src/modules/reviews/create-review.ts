import type { CreateReviewResponse } from "@kerb/shared";
import { isWithinReviewWindow, REVIEW_WINDOW_DAYS } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { pgErrorCode } from "../../lib/pg-error-code.ts";
import { recountInstructorRating } from "./instructor-rating.ts";
import * as repo from "./reviews.repository.ts";

const alreadyReviewed = () => new AppError("already_reviewed", "You have already reviewed this lesson");

/**
 * POST /student/bookings/:id/review: a student reviews their own completed lesson, once, within the
 * window; the rating moves at once.
 */
export async function createReview(
  ctx: AppContext,
  studentId: string,
  bookingId: string,
  input: { rating: number; comment?: string | undefined },
): Promise<CreateReviewResponse> {
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const lesson = await repo.findStudentLessonForReview(tx, studentId, bookingId);
      if (!lesson) throw new AppError("not_found", "Booking not found");
      if (lesson.status !== "COMPLETED") {
        throw new AppError("lesson_not_completed", "Only a completed lesson can be reviewed");
      }
      if (!isWithinReviewWindow(lesson.endTime, now)) {
        throw new AppError(
          "review_window_closed",
          `Lessons can be reviewed for ${REVIEW_WINDOW_DAYS} days after they end`,
        );
      }
      await repo.lockInstructorRating(tx, lesson.instructorId);
      if (await repo.reviewExistsForBooking(tx, bookingId)) throw alreadyReviewed();
      const review = await repo.insertReview(tx, {
        bookingId,
        studentId,
        instructorId: lesson.instructorId,
        rating: input.rating,
        comment: input.comment ?? null,
        createdAt: now,
      });
      const rating = await recountInstructorRating(tx, lesson.instructorId);
      return {
        review: { ...review, createdAt: review.createdAt.toISOString() },
        instructor: { id: lesson.instructorId, rating: rating.average, ratingCount: rating.count },
      };
    });
  } catch (error) {
    // Two submissions of one review at once: the unique booking_id decides, the loser hears 409.
    if (pgErrorCode(error) === "23505") throw alreadyReviewed();
    throw error;
  }
}

import type {
  AdminReview,
  AdminReviewsResponse,
  CreateReviewResponse,
  InstructorReviewsResponse,
} from "@kerb/shared";
import {
  averageRating,
  isListableInstructor,
  isWithinReviewWindow,
  REVIEW_WINDOW_DAYS,
  reviewerDisplayName,
  sydneyTodayDate,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { pgErrorCode } from "../../lib/pg-error-code.ts";
import { setInstructorRating } from "../instructors/index.ts";
import * as repo from "./reviews.repository.ts";

interface PageInput {
  page: number;
  pageSize: number;
}
const pageWindow = ({ page, pageSize }: PageInput) => ({ limit: pageSize, offset: (page - 1) * pageSize });

/**
 * Recounts the instructor's rating from their visible reviews. Callers hold the profile lock
 * (lockInstructorRating), so the count includes every review committed before theirs.
 */
async function recountInstructorRating(tx: Executor, instructorId: string) {
  const totals = await repo.visibleRatingTotals(tx, instructorId);
  const rating = { average: averageRating(totals), count: totals.count };
  await setInstructorRating(tx, instructorId, rating);
  return rating;
}

function toAdminReview(row: repo.AdminReviewRow): AdminReview {
  return {
    id: row.id,
    bookingId: row.bookingId,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    hiddenAt: row.hiddenAt?.toISOString() ?? null,
    student: row.student,
    instructor: row.instructor,
  };
}

const alreadyReviewed = () => new AppError("already_reviewed", "You have already reviewed this lesson");

export function createReviewService(ctx: AppContext) {
  async function setHidden(reviewId: string, adminId: string, hide: boolean): Promise<AdminReview> {
    const now = ctx.now();
    await ctx.transact(async (uow) => {
      const { tx } = uow;
      const review = await repo.lockReview(tx, reviewId);
      if (!review) throw new AppError("not_found", "Review not found");
      // Already as asked: nothing changes and nothing is audited.
      if ((review.hiddenAt !== null) === hide) return;
      await repo.lockInstructorRating(tx, review.instructorId);
      const before = await repo.findInstructorRating(tx, review.instructorId);
      await repo.setReviewHidden(tx, reviewId, hide ? { hiddenAt: now, hiddenBy: adminId } : null);
      const after = await recountInstructorRating(tx, review.instructorId);
      await uow.audit({
        actorId: adminId,
        action: hide ? "review.hide" : "review.unhide",
        targetType: "review",
        targetId: reviewId,
        details: {
          instructorId: review.instructorId,
          before: {
            hiddenAt: review.hiddenAt?.toISOString() ?? null,
            ratingAverage: before?.rating ?? null,
            ratingCount: before?.ratingCount ?? 0,
          },
          after: {
            hiddenAt: hide ? now.toISOString() : null,
            ratingAverage: after.average,
            ratingCount: after.count,
          },
        },
        createdAt: now,
      });
    });
    const row = await repo.findReviewForAdmin(ctx.db, reviewId);
    if (!row) throw new AppError("not_found", "Review not found");
    return toAdminReview(row);
  }

  return {
    /** A student reviews their own completed lesson, once, within the window; the rating moves at once. */
    async create(
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
    },

    /** Public: a listed instructor's visible reviews, newest first, reviewers named "Sam L.". */
    async listForInstructor(instructorId: string, page: PageInput): Promise<InstructorReviewsResponse> {
      const instructor = await repo.findPublicInstructor(ctx.db, instructorId);
      if (!instructor || !isListableInstructor(instructor, sydneyTodayDate(ctx.now()))) {
        throw new AppError("not_found", "Instructor not found");
      }
      const { rows, total } = await repo.listVisibleReviews(ctx.db, instructorId, pageWindow(page));
      const {
        suspended: _s,
        verificationStatus: _v,
        licenseExpiresOn: _l,
        wwcExpiresOn: _w,
        ...profile
      } = instructor;
      return {
        instructor: profile,
        items: rows.map((r) => ({
          id: r.id,
          rating: r.rating,
          comment: r.comment,
          createdAt: r.createdAt.toISOString(),
          reviewerName: reviewerDisplayName(r.studentFirstName, r.studentLastName),
        })),
        total,
        page: page.page,
        pageSize: page.pageSize,
      };
    },

    async listForAdmin(
      query: PageInput & { visibility: "all" | "visible" | "hidden"; instructorId?: string | undefined },
    ): Promise<AdminReviewsResponse> {
      const { rows, total } = await repo.listReviewsForAdmin(
        ctx.db,
        { visibility: query.visibility, ...(query.instructorId ? { instructorId: query.instructorId } : {}) },
        pageWindow(query),
      );
      return { items: rows.map(toAdminReview), total, page: query.page, pageSize: query.pageSize };
    },

    hide: (reviewId: string, adminId: string) => setHidden(reviewId, adminId, true),
    unhide: (reviewId: string, adminId: string) => setHidden(reviewId, adminId, false),
  };
}

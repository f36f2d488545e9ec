import type { InstructorReviewsResponse } from "@kerb/shared";
import { isListableInstructor, reviewerDisplayName, sydneyTodayDate } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { type PageQuery, pageWindow } from "../../lib/paging.ts";
import * as repo from "./reviews.repository.ts";

/**
 * GET /instructors/:id/reviews (public): a listed instructor's visible reviews, newest first, reviewers
 * named "Sam L.".
 */
export async function listInstructorReviews(
  ctx: AppContext,
  instructorId: string,
  page: PageQuery,
): Promise<InstructorReviewsResponse> {
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
}

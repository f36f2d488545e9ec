import type { AdminReview } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { toAdminReview } from "./admin-review.ts";
import { recountInstructorRating } from "./instructor-rating.ts";
import * as repo from "./reviews.repository.ts";

/**
 * POST /admin/reviews/:id/hide and /unhide: takes a review out of the rating and out of sight, or puts
 * it back; audited with the rating before and after. Already as asked: nothing changes.
 */
export async function setReviewVisibility(
  ctx: AppContext,
  reviewId: string,
  adminId: string,
  hide: boolean,
): Promise<AdminReview> {
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

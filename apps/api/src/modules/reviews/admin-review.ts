import type { AdminReview } from "@kerb/shared";
import type * as repo from "./reviews.repository.ts";

/** A review as the moderation screen shows it, hidden or not. */
export function toAdminReview(row: repo.AdminReviewRow): AdminReview {
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

import type { AdminReviewsResponse } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { type PageQuery, pageWindow } from "../../lib/paging.ts";
import { toAdminReview } from "./admin-review.ts";
import * as repo from "./reviews.repository.ts";

/** GET /admin/reviews: every review for moderation, newest first, by visibility and instructor. */
export async function listAdminReviews(
  ctx: AppContext,
  query: PageQuery & { visibility: "all" | "visible" | "hidden"; instructorId?: string | undefined },
): Promise<AdminReviewsResponse> {
  const { rows, total } = await repo.listReviewsForAdmin(
    ctx.db,
    { visibility: query.visibility, ...(query.instructorId ? { instructorId: query.instructorId } : {}) },
    pageWindow(query),
  );
  return { items: rows.map(toAdminReview), total, page: query.page, pageSize: query.pageSize };
}

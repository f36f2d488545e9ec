import { scopeKeys } from "@/lib/query-keys";
import type { AdminReviewsParams } from "./get-admin-reviews";

export const reviewKeys = {
  adminReviews: () => [...scopeKeys.admin, "reviews"] as const,
  adminReviewList: (query: AdminReviewsParams) => [...reviewKeys.adminReviews(), query] as const,
};

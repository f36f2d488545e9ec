import type { REVIEW_VISIBILITIES } from "@kerb/shared";
import { scopeKeys } from "@/lib/query-keys";

export type AdminReviewsParams = {
  visibility?: (typeof REVIEW_VISIBILITIES)[number];
  page: number;
  pageSize?: number;
};

export const reviewKeys = {
  adminReviews: () => [...scopeKeys.admin, "reviews"] as const,
  adminReviewList: (query: AdminReviewsParams) => [...reviewKeys.adminReviews(), query] as const,
};

import { type AdminReviewsResponse, adminReviewsResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type AdminReviewsParams, reviewKeys } from "./query-keys";

async function getAdminReviews(
  query: AdminReviewsParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminReviewsResponse> {
  return adminReviewsResponse.parse(await api.get("/admin/reviews", { query, signal }));
}

const getAdminReviewsOptions = (query: AdminReviewsParams) =>
  queryOptions({
    queryKey: reviewKeys.adminReviewList(query),
    queryFn: ({ signal }) => getAdminReviews(query, { signal }),
    placeholderData: keepPreviousData,
  });

/** Every review, newest first, for moderation. */
export function useAdminReviews(query: AdminReviewsParams) {
  return useQuery(getAdminReviewsOptions(query));
}

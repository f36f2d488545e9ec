import { type InstructorReviewsResponse, instructorReviewsResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "./api-client";
import { instructorReviewKeys } from "./query-keys";

/**
 * GET /api/instructors/{id}/reviews (public): the instructor's profile, rating and visible reviews,
 * newest first. Shared by the booking wizard's cards and the public profile page.
 */
async function getInstructorReviews(
  instructorId: string,
  query: { page: number; pageSize: number },
  { signal }: { signal?: AbortSignal } = {},
): Promise<InstructorReviewsResponse> {
  const data = await api.get(`/instructors/${encodeURIComponent(instructorId)}/reviews`, { query, signal });
  return instructorReviewsResponse.parse(data);
}

export const instructorReviewsQueryOptions = (
  instructorId: string,
  query: { page: number; pageSize: number } = { page: 1, pageSize: 10 },
) =>
  queryOptions({
    queryKey: instructorReviewKeys.page(instructorId, query),
    queryFn: ({ signal }) => getInstructorReviews(instructorId, query, { signal }),
    placeholderData: keepPreviousData,
  });

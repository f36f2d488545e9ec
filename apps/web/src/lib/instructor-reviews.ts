import { type InstructorReviewsResponse, instructorReviewsResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/**
 * GET /api/instructors/{id}/reviews (public): the instructor's profile, rating and visible reviews,
 * newest first. Shared by the booking wizard's cards and the public profile page.
 */
export async function getInstructorReviews(
  instructorId: string,
  query: { page: number; pageSize: number },
  { signal }: { signal?: AbortSignal } = {},
): Promise<InstructorReviewsResponse> {
  const data = await api.get(`/instructors/${encodeURIComponent(instructorId)}/reviews`, { query, signal });
  return instructorReviewsResponse.parse(data);
}

/** Every review query starts with this key: a new or hidden review invalidates them all. */
export const instructorReviewsQueryKey = ["instructor-reviews"] as const;

export const instructorReviewsQueryOptions = (
  instructorId: string,
  query: { page: number; pageSize: number } = { page: 1, pageSize: 10 },
) =>
  queryOptions({
    queryKey: [...instructorReviewsQueryKey, instructorId, query] as const,
    queryFn: ({ signal }) => getInstructorReviews(instructorId, query, { signal }),
    placeholderData: keepPreviousData,
  });

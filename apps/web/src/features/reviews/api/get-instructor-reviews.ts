import { useQuery } from "@tanstack/react-query";
import { instructorReviewsQueryOptions } from "@/lib/instructor-reviews";

/** A listed instructor's profile, rating and one page of visible reviews (public). */
export function useInstructorReviews(instructorId: string, page: number, pageSize: number) {
  return useQuery(instructorReviewsQueryOptions(instructorId, { page, pageSize }));
}

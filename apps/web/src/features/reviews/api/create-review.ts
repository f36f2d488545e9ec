import {
  type CreateReviewRequest,
  type CreateReviewResponse,
  createReviewResponse,
  type StudentProfile,
} from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { instructorReviewsQueryKey } from "@/lib/instructor-reviews";
import { studentProfileQueryKey } from "@/lib/student-profile";

export type CreateReviewInput = CreateReviewRequest & { bookingId: string };

export async function createReview({ bookingId, ...body }: CreateReviewInput): Promise<CreateReviewResponse> {
  const data = await api.post(`/student/bookings/${encodeURIComponent(bookingId)}/review`, body);
  return createReviewResponse.parse(data);
}

/** Reviews one completed lesson; the lesson reads "Reviewed ★n" at once and ratings refresh everywhere. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: ({ review }) => {
      queryClient.setQueryData<StudentProfile>(studentProfileQueryKey, (profile) =>
        profile
          ? {
              ...profile,
              bookings: profile.bookings.map((b) =>
                b.id === review.bookingId
                  ? { ...b, review: { rating: review.rating, createdAt: review.createdAt } }
                  : b,
              ),
            }
          : profile,
      );
    },
    // The instructor's rating moved: their cards (booking wizard) and review lists are stale.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studentProfileQueryKey }),
        queryClient.invalidateQueries({ queryKey: ["booking", "instructors"] }),
        queryClient.invalidateQueries({ queryKey: instructorReviewsQueryKey }),
      ]),
  });
}

import {
  type CreateReviewRequest,
  type CreateReviewResponse,
  createReviewResponse,
  type StudentProfile,
} from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { availabilityKeys } from "@/features/availability";
import { api } from "@/lib/api-client";
import { instructorReviewKeys, studentProfileKeys } from "@/lib/query-keys";

type CreateReviewInput = CreateReviewRequest & { bookingId: string };

async function createReview({ bookingId, ...body }: CreateReviewInput): Promise<CreateReviewResponse> {
  const data = await api.post(`/student/bookings/${encodeURIComponent(bookingId)}/review`, body);
  return createReviewResponse.parse(data);
}

/** Reviews one completed lesson; the lesson reads "Reviewed ★n" at once and ratings refresh everywhere. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: ({ review }) => {
      queryClient.setQueryData<StudentProfile>(studentProfileKeys.profile(), (profile) =>
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
        queryClient.invalidateQueries({ queryKey: studentProfileKeys.profile() }),
        queryClient.invalidateQueries({ queryKey: availabilityKeys.instructorLists() }),
        queryClient.invalidateQueries({ queryKey: instructorReviewKeys.all }),
      ]),
  });
}

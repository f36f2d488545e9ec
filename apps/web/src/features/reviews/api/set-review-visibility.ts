import { type AdminReview, adminReviewResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { instructorReviewsQueryKey } from "@/lib/instructor-reviews";
import { adminReviewsQueryKey } from "./get-admin-reviews";

export type ReviewVisibilityChange = { id: string; hide: boolean };

/** Hides a review (it stops counting and is not shown) or shows it again; audited either way. */
export async function setReviewVisibility({ id, hide }: ReviewVisibilityChange): Promise<AdminReview> {
  const data = await api.post(`/admin/reviews/${encodeURIComponent(id)}/${hide ? "hide" : "unhide"}`);
  return adminReviewResponse.parse(data).review;
}

export function useSetReviewVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReviewVisibility,
    onSettled: () =>
      Promise.all(
        [adminReviewsQueryKey, instructorReviewsQueryKey, ["admin", "audit-log"] as const].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

import { type AdminReview, adminReviewResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { auditKeys } from "@/features/audit";
import { api } from "@/lib/api-client";
import { instructorReviewKeys } from "@/lib/query-keys";
import { reviewKeys } from "./query-keys";

type ReviewVisibilityChange = { id: string; hide: boolean };

/** Hides a review (it stops counting and is not shown) or shows it again; audited either way. */
async function setReviewVisibility({ id, hide }: ReviewVisibilityChange): Promise<AdminReview> {
  const data = await api.post(`/admin/reviews/${encodeURIComponent(id)}/${hide ? "hide" : "unhide"}`);
  return adminReviewResponse.parse(data).review;
}

export function useSetReviewVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReviewVisibility,
    onSettled: () =>
      Promise.all(
        [reviewKeys.adminReviews(), instructorReviewKeys.all, auditKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

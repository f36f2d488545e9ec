import {
  type DecideHeldLessonRequest,
  type DecideHeldLessonResponse,
  decideHeldLessonResponse,
} from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { scopeKeys } from "@/lib/query-keys";

/** PAY the instructor for a held lesson or REFUND the student, with the admin's note (audited). */
async function decideHeldLesson({
  id,
  ...body
}: DecideHeldLessonRequest & { id: string }): Promise<DecideHeldLessonResponse> {
  const data = await api.post(`/admin/held-lessons/${encodeURIComponent(id)}/decision`, body);
  return decideHeldLessonResponse.parse(data);
}

/**
 * A decision takes the lesson off the held list and changes what the payouts page shows as accruing
 * (PAY) or refunds and cancels it (REFUND: payments, refunds, bookings, revenue, ledger); both are
 * audited. Every admin list is refreshed (the admin scope).
 */
export function useDecideHeldLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideHeldLesson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scopeKeys.admin }),
  });
}

import {
  type DecideHeldLessonRequest,
  type DecideHeldLessonResponse,
  decideHeldLessonResponse,
} from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { auditLogQueryKey } from "@/features/audit";
import { adminRevenueQueryKey } from "@/features/ledger";
import { adminBookingsQueryKey } from "@/features/lessons";
import { adminPaymentsQueryKey } from "@/features/payments";
import { adminPayoutsQueryKey } from "@/features/payouts";
import { api } from "@/lib/api-client";
import { heldLessonsQueryKey } from "./get-held-lessons";

/** PAY the instructor for a held lesson or REFUND the student, with the admin's note (audited). */
export async function decideHeldLesson({
  id,
  ...body
}: DecideHeldLessonRequest & { id: string }): Promise<DecideHeldLessonResponse> {
  const data = await api.post(`/admin/held-lessons/${encodeURIComponent(id)}/decision`, body);
  return decideHeldLessonResponse.parse(data);
}

/**
 * A decision takes the lesson off the held list and changes what the payouts page shows as accruing
 * (PAY) or refunds and cancels it (REFUND: payments, bookings, revenue); both are audited.
 */
export function useDecideHeldLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideHeldLesson,
    onSuccess: () =>
      Promise.all(
        [
          heldLessonsQueryKey,
          adminPayoutsQueryKey,
          adminPaymentsQueryKey,
          adminBookingsQueryKey,
          adminRevenueQueryKey,
          auditLogQueryKey,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

import {
  type CancelStudentBookingResponse,
  cancelStudentBookingResponse,
  type StudentRefund,
} from "@kerb/shared";
import { type QueryClient, useMutation, useMutationState, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { isApiError } from "@/lib/api-error";
import { scopeKeys } from "@/lib/query-keys";

async function cancelStudentLesson(bookingId: string): Promise<CancelStudentBookingResponse> {
  const data = await api.post(`/student/bookings/${encodeURIComponent(bookingId)}/cancel`);
  return cancelStudentBookingResponse.parse(data);
}

const cancelBookingMutationKey = ["student", "cancel-booking"] as const;

export function useCancelStudentLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cancelBookingMutationKey,
    mutationFn: cancelStudentLesson,
    // The profile does not say whether a bundle credit went back; the answer does, so it is kept for
    // the session (see useCancelledRefunds).
    gcTime: Number.POSITIVE_INFINITY,
    // After a success, lessons, bundles (a credit may be back) and payments (a refund) all changed;
    // after a refusal (cancelled elsewhere, or started meanwhile) the list is what is stale. The open
    // dialog's preview is outside the student scope (lessonKeys), so it is not asked again.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: scopeKeys.student });
    },
  });
}

/**
 * The refusal a second cancel of the same lesson gets (a double click, another tab, a retry whose
 * first answer was lost): 409 because the lesson is CANCELLED already. What the student asked for has
 * happened, so the dialog reports it as done rather than as a failure.
 */
export function isAlreadyCancelled(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 409) return false;
  const details = error.details as { status?: unknown } | undefined;
  return details?.status === "CANCELLED";
}

/** What this session's successful cancel of `bookingId` gave back, if it had one. */
export function knownRefund(queryClient: QueryClient, bookingId: string): StudentRefund | undefined {
  const done = queryClient
    .getMutationCache()
    .findAll({ mutationKey: cancelBookingMutationKey, status: "success" })
    .find((mutation) => mutation.state.variables === bookingId);
  return (done?.state.data as CancelStudentBookingResponse | undefined)?.refund;
}

/** What each lesson cancelled in this session gave back, by lesson id. */
export function useCancelledRefunds(): ReadonlyMap<string, StudentRefund> {
  const results = useMutationState({
    filters: { mutationKey: cancelBookingMutationKey, status: "success" },
    select: (mutation) => ({
      bookingId: mutation.state.variables as string,
      data: mutation.state.data as CancelStudentBookingResponse | undefined,
    }),
  });
  const refunds = new Map<string, StudentRefund>();
  for (const { bookingId, data } of results) if (data) refunds.set(bookingId, data.refund);
  return refunds;
}

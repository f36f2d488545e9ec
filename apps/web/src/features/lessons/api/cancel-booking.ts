import {
  type CancelStudentBookingResponse,
  cancelStudentBookingResponse,
  type StudentRefund,
} from "@kerb/shared";
import { useMutation, useMutationState, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export async function cancelBooking(bookingId: string): Promise<CancelStudentBookingResponse> {
  const data = await api.post(`/student/bookings/${encodeURIComponent(bookingId)}/cancel`);
  return cancelStudentBookingResponse.parse(data);
}

const cancelBookingMutationKey = ["student", "cancel-booking"] as const;

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cancelBookingMutationKey,
    mutationFn: cancelBooking,
    // The profile does not say whether a bundle credit went back; the answer does, so it is kept for
    // the session (see useCancelledRefunds).
    gcTime: Number.POSITIVE_INFINITY,
    // After a success, lessons, bundles (a credit may be back) and payments (a refund) all changed;
    // after a refusal (cancelled elsewhere, or started meanwhile) the list is what is stale. Either way
    // the open dialog's preview is left alone, or it would be asked again and answer that the lesson is
    // cancelled.
    onSettled: () => {
      void queryClient.invalidateQueries({
        queryKey: ["student"],
        predicate: (query) => query.queryKey[1] !== "cancellation-preview",
      });
    },
  });
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

import { type RescheduleRequest, type RescheduleResponse, rescheduleResponse } from "@kerb/shared";
import { api } from "@/lib/api-client";
import { useSingleFlightMutation } from "@/lib/single-flight";

type RescheduleBookingInput = { bookingId: string; request: RescheduleRequest };

/** Moves one lesson to another free time of the same instructor and kind; the old time is freed after. */
async function rescheduleBooking(
  { bookingId, request }: RescheduleBookingInput,
  idempotencyKey?: string,
): Promise<RescheduleResponse> {
  const data = await api.post(`/student/bookings/${encodeURIComponent(bookingId)}/reschedule`, request, {
    idempotencyKey,
  });
  return rescheduleResponse.parse(data);
}

export function useRescheduleBooking() {
  return useSingleFlightMutation({ mutationFn: rescheduleBooking });
}

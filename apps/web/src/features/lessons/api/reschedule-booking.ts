import { type RescheduleRequest, type RescheduleResponse, rescheduleResponse } from "@kerb/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

type RescheduleBookingInput = { bookingId: string; request: RescheduleRequest };

/** Moves one lesson to another free time of the same instructor and kind; the old time is freed after. */
async function rescheduleBooking({
  bookingId,
  request,
}: RescheduleBookingInput): Promise<RescheduleResponse> {
  const data = await api.post(`/student/bookings/${encodeURIComponent(bookingId)}/reschedule`, request);
  return rescheduleResponse.parse(data);
}

export function useRescheduleBooking() {
  return useMutation({ mutationFn: rescheduleBooking });
}

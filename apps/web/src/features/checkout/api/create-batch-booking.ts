import { type BatchBookingRequest, type CheckoutResponse, checkoutResponse } from "@kerb/shared";
import { api } from "@/lib/api-client";
import { useSingleFlightMutation } from "@/lib/single-flight";

/** Holds the chosen lessons for 30 minutes and opens a payment for them. */
export async function createBatchBooking(
  payload: BatchBookingRequest,
  idempotencyKey?: string,
): Promise<CheckoutResponse> {
  const data = await api.post("/student/bookings/batch", payload, { idempotencyKey });
  return checkoutResponse.parse(data);
}

export function useCreateBatchBooking() {
  return useSingleFlightMutation({ mutationFn: createBatchBooking });
}

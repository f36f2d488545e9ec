import { type BatchBookingRequest, type CheckoutResponse, checkoutResponse } from "@kerb/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Holds the chosen lessons for 30 minutes and opens a payment for them. */
export async function createBatchBooking(payload: BatchBookingRequest): Promise<CheckoutResponse> {
  const data = await api.post("/student/bookings/batch", payload);
  return checkoutResponse.parse(data);
}

export function useCreateBatchBooking() {
  return useMutation({ mutationFn: createBatchBooking });
}

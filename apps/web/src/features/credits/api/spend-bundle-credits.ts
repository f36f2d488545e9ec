import { type CreditBookingRequest, type CreditBookingResponse, creditBookingResponse } from "@kerb/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

type SpendBundleCreditsInput = { bundleId: string; request: CreditBookingRequest };

/**
 * Books lessons with the bundle's instructor, paid with its credits: all of them or none. The server
 * counts the credits, so a second tab or a double click can never spend one twice.
 */
export async function spendBundleCredits({
  bundleId,
  request,
}: SpendBundleCreditsInput): Promise<CreditBookingResponse> {
  const data = await api.post(`/student/bundles/${encodeURIComponent(bundleId)}/bookings`, request);
  return creditBookingResponse.parse(data);
}

export function useSpendBundleCredits() {
  return useMutation({ mutationFn: spendBundleCredits });
}

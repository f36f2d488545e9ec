import { type CheckoutResponse, checkoutResponse, type TestPackRequest } from "@kerb/shared";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Holds the instructor's block for the test and opens its payment (a card page, or demo mode). */
async function holdTestPack(request: TestPackRequest): Promise<CheckoutResponse> {
  return checkoutResponse.parse(await apiRequest("/student/test-packs", { method: "POST", body: request }));
}

export function useHoldTestPack() {
  return useMutation({ mutationFn: holdTestPack });
}

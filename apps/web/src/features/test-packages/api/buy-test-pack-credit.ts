import { type CheckoutResponse, checkoutResponse, type TestPackCreditPurchaseRequest } from "@kerb/shared";
import { api } from "@/lib/api-client";
import { useSingleFlightMutation } from "@/lib/single-flight";

/** Opens a payment for one test-pack credit at the price shown; the server refuses another price. */
async function buyTestPackCredit(
  request: TestPackCreditPurchaseRequest,
  idempotencyKey?: string,
): Promise<CheckoutResponse> {
  return checkoutResponse.parse(
    await api.post("/student/test-pack-credits/purchase", request, { idempotencyKey }),
  );
}

export function useBuyTestPackCredit() {
  return useSingleFlightMutation({ mutationFn: buyTestPackCredit });
}

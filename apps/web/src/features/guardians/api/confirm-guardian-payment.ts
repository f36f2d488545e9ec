import { confirmResponse, type PaymentDetails } from "@kerb/shared";
import { api } from "@/lib/api-client";

/**
 * POST /api/guardian/payments/:id/confirm: "I have paid" for a payment this guardian made; the server
 * checks it with the card provider, then books the lessons or issues the bundle. Safe to repeat.
 */
export async function confirmGuardianPayment(
  paymentId: string,
  idempotencyKey?: string,
): Promise<PaymentDetails> {
  const data = await api.post(`/guardian/payments/${encodeURIComponent(paymentId)}/confirm`, undefined, {
    idempotencyKey,
  });
  return confirmResponse.parse(data).payment;
}

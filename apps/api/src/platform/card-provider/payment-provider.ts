import type { PaymentProvider as ProviderName } from "@kerb/shared";

export interface CheckoutRequest {
  paymentId: string;
  invoiceNumber: string;
  amountCents: number;
  description: string;
  customerEmail: string;
  /** Where the provider sends the browser back to. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

interface CheckoutResult {
  /** Absent in demo mode: the client confirms by itself. */
  paymentUrl?: string;
  providerRef?: string;
}

type VerificationResult =
  | { status: "paid"; amountCents: number }
  | { status: "unpaid" }
  | { status: "error"; message: string };

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutResult>;
  /**
   * Closes an unpaid checkout so the customer can no longer pay on it (the student released the
   * lessons). Best effort: a payment that arrives anyway is refunded by checkout's fulfilment.
   */
  cancelCheckout(payment: { providerRef: string | null }): Promise<void>;
  /** Asks the provider whether the payment went through, and for how much. */
  verify(payment: { providerRef: string | null; amountCents: number }): Promise<VerificationResult>;
  /**
   * Sends money back to the card. `idempotencyKey` is the refund queue row's id: the provider
   * performs one refund per key however often it is asked (retries after lost answers are safe).
   */
  refund(
    payment: { providerRef: string | null },
    amountCents: number,
    idempotencyKey: string,
  ): Promise<{ providerRef: string | null }>;
}

/**
 * Demo mode: no card is charged; "verification" accepts the amount we computed ourselves.
 * It keeps the whole flow (holds, confirmation, idempotency) real without a provider account.
 */
export const demoProvider: PaymentProvider = {
  name: "demo",
  async createCheckout() {
    return {};
  },
  async cancelCheckout() {},
  async verify(payment) {
    return { status: "paid", amountCents: payment.amountCents };
  },
  async refund() {
    return { providerRef: null };
  },
};

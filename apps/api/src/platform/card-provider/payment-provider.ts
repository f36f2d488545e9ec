import { randomUUID } from "node:crypto";
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

/** A card as the provider describes it: what we store and show, never its number. */
export interface CardDetails {
  /** The provider's payment method (pm_…), charged later against the customer. */
  cardRef: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CardSetupRequest {
  customerRef: string;
  /** Where the provider sends the browser back to; `{CHECKOUT_SESSION_ID}` is filled in by Stripe. */
  successUrl: string;
  cancelUrl: string;
}

/** Starting to save a card: a provider page to send the browser to, or (demo) the card at once. */
type CardSetupStart = { setupUrl: string; card?: undefined } | { setupUrl?: undefined; card: CardDetails };

type CardSetupResult =
  | { status: "saved"; card: CardDetails }
  | { status: "not_saved"; message: string }
  | { status: "error"; message: string };

export interface SavedCardCharge {
  paymentId: string;
  invoiceNumber: string;
  amountCents: number;
  description: string;
  customerRef: string;
  cardRef: string;
  /** One charge per key however often it is asked: derived from our payment id. */
  idempotencyKey: string;
}

/**
 * An off-session charge: paid (providerRef names the charge, verified again before fulfilment),
 * declined, or the bank wants the cardholder present (3-D Secure), or the provider was unreachable.
 */
export type SavedCardChargeResult =
  | { status: "paid"; providerRef: string }
  | { status: "declined"; reason: string; message: string }
  | { status: "authentication_required"; providerRef: string | null }
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
  /** The payer's customer record at the provider, made once and kept on our side. */
  createCustomer(payer: { userId: string; email: string }): Promise<{ customerRef: string }>;
  /** Starts saving a card for the customer through the provider's own page (Checkout in setup mode). */
  startCardSetup(request: CardSetupRequest): Promise<CardSetupStart>;
  /**
   * Checks with the provider that a setup the browser says it finished did finish, for this customer,
   * and returns the saved card. Never taken from the browser on trust.
   */
  finishCardSetup(setup: { setupRef: string; customerRef: string }): Promise<CardSetupResult>;
  /** Forgets the card at the provider (Stripe: detaches the payment method from the customer). */
  removeCard(card: { cardRef: string }): Promise<void>;
  /** Charges a saved card with the cardholder absent (off-session), confirmed at once. */
  chargeSavedCard(charge: SavedCardCharge): Promise<SavedCardChargeResult>;
}

/** What demo mode "saves": no card exists, and the name says so wherever it is shown. */
export const DEMO_CARD = { brand: "Demo card", last4: "4242", expMonth: 12, expYear: 2099 } as const;

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
  async createCustomer(payer) {
    return { customerRef: `demo_cus_${payer.userId}` };
  },
  async startCardSetup() {
    return { card: { cardRef: `demo_pm_${randomUUID()}`, ...DEMO_CARD } };
  },
  async finishCardSetup() {
    return { status: "not_saved", message: "Demo mode saves its card at once" };
  },
  async removeCard() {},
  async chargeSavedCard(charge) {
    return { status: "paid", providerRef: `demo_charge_${charge.paymentId}` };
  },
};

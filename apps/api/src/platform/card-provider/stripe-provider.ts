import Stripe from "stripe";
import type { CardDetails, CheckoutRequest, PaymentProvider } from "./payment-provider.ts";

/** Stripe's card brand codes as a person reads them on the account page. */
const BRAND_NAMES: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  diners: "Diners Club",
  discover: "Discover",
  jcb: "JCB",
  unionpay: "UnionPay",
  eftpos_au: "eftpos",
};

/** A charge made off-session names its PaymentIntent; a hosted checkout names its session. */
const isPaymentIntentRef = (ref: string) => ref.startsWith("pi_");

const idOf = (value: string | { id: string } | null) =>
  typeof value === "string" ? value : (value?.id ?? null);

function cardDetailsOf(method: Stripe.PaymentMethod): CardDetails | null {
  if (!method.card) return null;
  return {
    cardRef: method.id,
    brand: BRAND_NAMES[method.card.brand] ?? method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  };
}

interface StripeConfig {
  secretKey: string;
  /** Points the SDK at another host, e.g. a local fake in tests. */
  apiBase?: string;
}

export function createStripeClient(config: StripeConfig): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: base ? 0 : 2,
    timeout: 10_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });
}

/** Stripe Checkout: a hosted page; we verify the session's status and amount before fulfilling. */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: "stripe",
    async createCheckout(request: CheckoutRequest) {
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        client_reference_id: request.paymentId,
        customer_email: request.customerEmail,
        metadata: { paymentId: request.paymentId, invoiceNumber: request.invoiceNumber },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "aud",
              unit_amount: request.amountCents,
              product_data: { name: request.description },
            },
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        // Stripe's minimum session lifetime is 30 minutes, the same as our hold.
        expires_at: Math.max(
          Math.floor(request.expiresAt.getTime() / 1000),
          Math.floor(Date.now() / 1000) + 1800,
        ),
      });
      return { paymentUrl: session.url ?? undefined, providerRef: session.id };
    },
    async cancelCheckout(payment) {
      // An off-session charge has no page to close: it was paid, or failed, when it was made.
      if (payment.providerRef && !isPaymentIntentRef(payment.providerRef)) {
        await stripe.checkout.sessions.expire(payment.providerRef);
      }
    },
    async verify(payment) {
      if (!payment.providerRef) return { status: "error", message: "No checkout session for this payment" };
      try {
        if (isPaymentIntentRef(payment.providerRef)) {
          const intent = await stripe.paymentIntents.retrieve(payment.providerRef);
          if (intent.status !== "succeeded") return { status: "unpaid" };
          return { status: "paid", amountCents: intent.amount_received };
        }
        const session = await stripe.checkout.sessions.retrieve(payment.providerRef);
        if (session.payment_status !== "paid") return { status: "unpaid" };
        return { status: "paid", amountCents: session.amount_total ?? 0 };
      } catch (error) {
        return { status: "error", message: error instanceof Error ? error.message : "Stripe error" };
      }
    },
    async refund(payment, amountCents, idempotencyKey) {
      if (!payment.providerRef) throw new Error("This payment has no checkout session to refund");
      const paymentIntent = isPaymentIntentRef(payment.providerRef)
        ? payment.providerRef
        : idOf((await stripe.checkout.sessions.retrieve(payment.providerRef)).payment_intent);
      if (!paymentIntent) throw new Error("The checkout session has no payment to refund");
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amountCents, metadata: { refundId: idempotencyKey } },
        { idempotencyKey: `kerb-refund-${idempotencyKey}` },
      );
      return { providerRef: refund.id };
    },
    async createCustomer(payer) {
      const customer = await stripe.customers.create(
        { email: payer.email, metadata: { userId: payer.userId } },
        // A retry after a lost answer (or a double click) makes one customer, not two.
        { idempotencyKey: `kerb-customer-${payer.userId}` },
      );
      return { customerRef: customer.id };
    },
    async startCardSetup(request) {
      const session = await stripe.checkout.sessions.create({
        mode: "setup",
        currency: "aud",
        customer: request.customerRef,
        // The card is for payments made later without the cardholder: the bank is told so now.
        setup_intent_data: { metadata: { purpose: "kerb-saved-card" } },
        metadata: { purpose: "kerb-saved-card" },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error("Stripe gave no page to save the card on");
      return { setupUrl: session.url };
    },
    async finishCardSetup(setup) {
      try {
        const session = await stripe.checkout.sessions.retrieve(setup.setupRef);
        // Another customer's session (a forged return link) saves nothing for this payer.
        if (session.mode !== "setup" || idOf(session.customer) !== setup.customerRef) {
          return { status: "not_saved", message: "This card setup is not yours" };
        }
        const intentId = idOf(session.setup_intent);
        if (session.status !== "complete" || !intentId) {
          return { status: "not_saved", message: "The card was not saved on the card provider's page" };
        }
        const intent = await stripe.setupIntents.retrieve(intentId);
        const methodId = idOf(intent.payment_method);
        if (intent.status !== "succeeded" || !methodId) {
          return { status: "not_saved", message: "The card provider has not confirmed the card" };
        }
        const card = cardDetailsOf(await stripe.paymentMethods.retrieve(methodId));
        if (!card) return { status: "not_saved", message: "Only cards can be saved" };
        return { status: "saved", card };
      } catch (error) {
        return { status: "error", message: error instanceof Error ? error.message : "Stripe error" };
      }
    },
    async removeCard(card) {
      try {
        await stripe.paymentMethods.detach(card.cardRef);
      } catch (error) {
        // Already detached (removed at Stripe, or a retry after a lost answer): the outcome wanted.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw error;
      }
    },
    async chargeSavedCard(charge) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: charge.amountCents,
            currency: "aud",
            customer: charge.customerRef,
            payment_method: charge.cardRef,
            off_session: true,
            confirm: true,
            description: charge.description,
            metadata: { paymentId: charge.paymentId, invoiceNumber: charge.invoiceNumber },
          },
          { idempotencyKey: charge.idempotencyKey },
        );
        if (intent.status === "succeeded") return { status: "paid", providerRef: intent.id };
        if (intent.status === "requires_action") {
          return { status: "authentication_required", providerRef: intent.id };
        }
        return { status: "declined", reason: intent.status, message: "The card was not charged." };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const intentId = idOf((error.raw as { payment_intent?: { id: string } }).payment_intent ?? null);
          if (error.code === "authentication_required") {
            return { status: "authentication_required", providerRef: intentId };
          }
          return {
            status: "declined",
            reason: error.decline_code ?? error.code ?? "card_declined",
            message: error.message,
          };
        }
        return { status: "error", message: error instanceof Error ? error.message : "Stripe error" };
      }
    },
  };
}

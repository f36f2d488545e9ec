import Stripe from "stripe";
import type { CheckoutRequest, PaymentProvider } from "./payment-provider.ts";

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
      if (payment.providerRef) await stripe.checkout.sessions.expire(payment.providerRef);
    },
    async verify(payment) {
      if (!payment.providerRef) return { status: "error", message: "No checkout session for this payment" };
      try {
        const session = await stripe.checkout.sessions.retrieve(payment.providerRef);
        if (session.payment_status !== "paid") return { status: "unpaid" };
        return { status: "paid", amountCents: session.amount_total ?? 0 };
      } catch (error) {
        return { status: "error", message: error instanceof Error ? error.message : "Stripe error" };
      }
    },
    async refund(payment, amountCents, idempotencyKey) {
      if (!payment.providerRef) throw new Error("This payment has no checkout session to refund");
      const session = await stripe.checkout.sessions.retrieve(payment.providerRef);
      const paymentIntent =
        typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent) throw new Error("The checkout session has no payment to refund");
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amountCents, metadata: { refundId: idempotencyKey } },
        { idempotencyKey: `kerb-refund-${idempotencyKey}` },
      );
      return { providerRef: refund.id };
    },
  };
}

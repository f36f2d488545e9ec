import { errorResponses, idParams, releasePaymentResponse } from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import Stripe from "stripe";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { handleCheckoutCompleted } from "./handle-checkout-completed.ts";
import { releasePayment } from "./release-payment.ts";

/**
 * POST /api/payment/:id/release: the owner lets an unpaid checkout go ("Release" on held lessons).
 * A plugin of its own: the webhook plugin below replaces the JSON body parser for signatures.
 */
export const checkoutRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.post(
    "/:id/release",
    {
      schema: {
        tags: ["payments"],
        operationId: "releasePayment",
        summary: "Let an unpaid checkout go",
        description:
          "Releases the payment's held lessons at once and cancels the payment. If the card is charged " +
          "anyway, the charge is refunded instead of booking. A paid payment is 409.",
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: releasePaymentResponse, ...errorResponses(400, 401, 404, 409) },
      },
      onRequest: ctx.guard(),
    },
    (request) => releasePayment(ctx, request.params.id, currentUserId(request)),
  );
};

/** POST /api/payment/webhook/stripe: Stripe tells us a checkout session completed. */
export const checkoutWebhookRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // Stripe webhooks need the exact raw body to check the signature, so this route parses its own.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
  const webhookSchema = {
    tags: ["webhooks"],
    operationId: "receiveStripeWebhook",
    summary: "Stripe reports a completed checkout",
    description:
      "Called by Stripe, not by clients. The body is read as raw bytes and checked against the " +
      "Stripe-Signature header (400 when it does not match); checkout.session.completed fulfils the " +
      "payment once however often it is delivered, other events are acknowledged. 404 while webhooks are " +
      "not configured (no STRIPE_WEBHOOK_SECRET); a 5xx makes Stripe retry.",
    // Loose: the other headers stay on the request as they are.
    headers: z.looseObject({
      "stripe-signature": z.string().optional().describe("Stripe's signature over the raw body"),
    }),
    // Documentation only: the body reaches the handler as a Buffer, and the signature is its validation.
    body: z.any().describe("A Stripe event (JSON), exactly as Stripe sent it"),
    response: {
      200: z.object({ received: z.literal(true) }).describe("The event was accepted"),
      ...errorResponses(400, 404, 500),
    },
  };
  app.post("/webhook/stripe", { schema: webhookSchema, config: { rateLimit: false } }, async (request) => {
    const secret = ctx.env.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw new AppError("not_found", "Webhooks are not enabled");
    let event: Stripe.Event;
    try {
      const signature = String(request.headers["stripe-signature"] ?? "");
      event = Stripe.webhooks.constructEvent(request.body as Buffer, signature, secret);
    } catch {
      throw new AppError("bad_request", "Invalid webhook signature");
    }
    if (event.type === "checkout.session.completed") {
      const session = event.data.object;
      // A failure here answers 5xx with nothing recorded, so Stripe's retry of this event fulfils.
      await handleCheckoutCompleted(ctx, {
        provider: "stripe",
        eventId: event.id,
        type: event.type,
        payload: event as unknown as Record<string, unknown>,
        paymentRef: session.metadata?.paymentId ?? session.client_reference_id ?? null,
        paidCents: session.payment_status === "paid" ? (session.amount_total ?? null) : null,
      });
    }
    return { received: true as const };
  });
};

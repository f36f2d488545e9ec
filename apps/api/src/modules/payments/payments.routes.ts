import { errorResponse, idParams, paymentResponse } from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import Stripe from "stripe";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { currentUser } from "../../plugins/auth.ts";
import * as repo from "./payments.repository.ts";
import { createPaymentService } from "./payments.service.ts";

export const paymentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const payments = createPaymentService(ctx);

  app.get(
    "/:id",
    {
      schema: {
        tags: ["payments"],
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: paymentResponse, 401: errorResponse, 404: errorResponse },
      },
      onRequest: ctx.guard(),
    },
    (request) => payments.getPayment(request.params.id, currentUser(request).id),
  );

  // Stripe webhooks need the exact raw body to check the signature, so this route parses its own.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
    webhook.post(
      "/webhook/stripe",
      { schema: { hide: true }, config: { rateLimit: false } },
      async (request) => {
        const secret = ctx.env.STRIPE_WEBHOOK_SECRET;
        if (!secret) throw new AppError("not_found", "Webhooks are not enabled");
        const signature = request.headers["stripe-signature"];
        let event: Stripe.Event;
        try {
          event = Stripe.webhooks.constructEvent(request.body as Buffer, String(signature ?? ""), secret);
        } catch {
          throw new AppError("bad_request", "Invalid webhook signature");
        }
        if (event.type === "checkout.session.completed") {
          const session = event.data.object;
          const paymentId = session.metadata?.paymentId ?? session.client_reference_id ?? null;
          const payment = paymentId ? await repo.findPayment(ctx.db, paymentId) : undefined;
          const isNew = await repo.recordPaymentEvent(ctx.db, {
            paymentId: payment?.id ?? null,
            provider: "stripe",
            eventId: event.id,
            type: event.type,
            payload: event as unknown as Record<string, unknown>,
          });
          const paidInFull =
            session.payment_status === "paid" && session.amount_total === payment?.amountCents;
          if (isNew && payment && paidInFull) await payments.fulfilPaid(payment);
        }
        return { received: true };
      },
    );
  });
};

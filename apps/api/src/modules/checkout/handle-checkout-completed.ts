import { uuid } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import * as payments from "../payments/index.ts";
import * as repo from "./checkout.repository.ts";
import { type CheckoutSessionEvent, fulfilPayment } from "./fulfil-payment.ts";

/**
 * A provider reports a completed checkout session. Paid in full → fulfilled together with the
 * event's record; anything else is only recorded (once) for the operator to look at.
 */
export async function handleCheckoutCompleted(ctx: AppContext, event: CheckoutSessionEvent) {
  const paymentId = uuid.safeParse(event.paymentRef).success ? event.paymentRef : null;
  const payment = paymentId ? await payments.findPayment(ctx.db, paymentId) : undefined;
  const { paymentRef: _ref, paidCents, ...record } = event;
  if (!payment || paidCents === null || paidCents !== payment.amountCents) {
    await repo.recordPaymentEvent(ctx.db, { ...record, paymentId: payment?.id ?? null });
    return;
  }
  await fulfilPayment(ctx, payment.id, { paidCents, event: record });
}

import type { CheckoutResponse } from "@kerb/shared";
import { paths } from "@kerb/shared/paths";
import { centsToDollars, holdExpiryFrom, type PaymentCaller } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { releaseLessonsOfPayment } from "../lessons/index.ts";
import * as payments from "../payments/index.ts";
import { findUsableSavedCard } from "../saved-cards/index.ts";
import { confirmPayment } from "./confirm-payment.ts";

/**
 * How a checkout is paid. Every flow that opens a payment passes its caller's choice through as is:
 * `savedCardId` charges that saved card of the payer's off-session (decision 041) instead of sending
 * them to the provider's page. Check it with `findUsableSavedCard` before holding anything, so a wrong
 * id costs no hold; startCheckout checks it again.
 */
export interface CheckoutOptions {
  savedCardId?: string;
}

/** A payment that cannot go ahead: FAILED, and its held lessons released at once (the slots are free). */
async function failCheckout(ctx: AppContext, paymentId: string) {
  await ctx.db.transaction(async (tx) => {
    await payments.changePaymentStatus(tx, paymentId, { from: "PENDING", to: "FAILED" });
    await releaseLessonsOfPayment(tx, paymentId, "SYSTEM");
  });
}

/** Whoever pays: the learner, or the guardian paying for the learner they follow (already checked). */
const payerCaller = (payment: payments.PaymentRow): PaymentCaller =>
  payment.payerId && payment.payerId !== payment.userId
    ? { userId: payment.payerId, followedLearnerIds: new Set([payment.userId]) }
    : { userId: payment.userId, followedLearnerIds: new Set() };

/**
 * Charges the payer's saved card off-session for exactly the amount we computed, under a key derived
 * from our payment id (a retry never charges twice). Paid → fulfilled by the same confirmation a
 * returning browser uses (verified with the provider again, then booked). Declined → the payment
 * FAILED, the holds released, 402 card_declined telling the client to pay on-session. The bank asking
 * for the cardholder (3-D Secure) → "authentication_required": the caller falls back to the hosted
 * page for the same payment, holds kept.
 */
async function chargeSavedCard(
  ctx: AppContext,
  payment: payments.PaymentRow,
  savedCardId: string,
  description: string,
): Promise<"paid" | "authentication_required"> {
  const payerId = payment.payerId ?? payment.userId;
  const card = await findUsableSavedCard(ctx, ctx.db, payerId, savedCardId).catch(async (error: unknown) => {
    await failCheckout(ctx, payment.id);
    throw error;
  });
  const charged = await ctx.payments.chargeSavedCard({
    paymentId: payment.id,
    invoiceNumber: payment.invoiceNumber,
    amountCents: payment.amountCents,
    description,
    customerRef: card.customerRef,
    cardRef: card.cardRef,
    idempotencyKey: `kerb-payment-${payment.id}`,
  });
  if (charged.status === "authentication_required") return "authentication_required";
  if (charged.status === "declined") {
    await failCheckout(ctx, payment.id);
    throw new AppError(
      "card_declined",
      `Your ${card.brand} ending ${card.last4} was declined, so nothing was booked and any held times were ` +
        "released. Please pay with a card on the payment page instead.",
      { paymentId: payment.id, reason: charged.reason, next: "pay_on_session" },
    );
  }
  if (charged.status === "error") {
    // The SDK has already retried with the same key: a lost answer was replayed if there was one.
    await failCheckout(ctx, payment.id);
    throw new AppError(
      "verification_error",
      "The card provider could not take the payment. Nothing was booked; please try again.",
      { paymentId: payment.id, reason: charged.message, next: "pay_on_session" },
    );
  }
  await payments.setPaymentProviderRef(ctx.db, payment.id, charged.providerRef);
  await confirmPayment(ctx, payment.id, payerCaller(payment), payment.type);
  return "paid";
}

/**
 * Hands a freshly created (and committed) payment to the provider. Demo mode returns no URL and
 * the client confirms; Stripe returns its hosted page. If the provider refuses, the holds go.
 * With `options.savedCardId` the payer's saved card is charged off-session first (see above).
 */
export async function startCheckout(
  ctx: AppContext,
  payment: payments.PaymentRow,
  customer: { email: string },
  description: string,
  options: CheckoutOptions = {},
): Promise<CheckoutResponse> {
  const summary = {
    id: payment.id,
    invoiceNumber: payment.invoiceNumber,
    subtotal: centsToDollars(payment.subtotalCents),
    gst: centsToDollars(payment.gstCents),
    amount: centsToDollars(payment.amountCents),
    holdExpiresAt: payment.type === "BOOKINGS" ? (payment.expiresAt?.toISOString() ?? null) : null,
  };
  let savedCard: CheckoutResponse["savedCard"];
  if (options.savedCardId) {
    const status = await chargeSavedCard(ctx, payment, options.savedCardId, description);
    if (status === "paid") return { payment: summary, savedCard: { status } };
    savedCard = { status };
  }
  const origin = publicOrigin(ctx.env);
  const returnUrl = (page: typeof paths.payment.confirmed) => `${origin}${page({ payment_id: payment.id })}`;
  const result = await ctx.payments
    .createCheckout({
      paymentId: payment.id,
      invoiceNumber: payment.invoiceNumber,
      amountCents: payment.amountCents,
      description,
      customerEmail: customer.email,
      // Stripe fills in {CHECKOUT_SESSION_ID} only if it is left unencoded, so it is appended as is.
      successUrl: `${returnUrl(paths.payment.confirmed)}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: returnUrl(paths.payment.cancelled),
      expiresAt: payment.expiresAt ?? holdExpiryFrom(ctx.now()),
    })
    .catch(async (error: unknown) => {
      await failCheckout(ctx, payment.id);
      throw new AppError(
        "verification_error",
        "The card provider could not start the payment. Please try again.",
        { reason: error instanceof Error ? error.message : String(error) },
      );
    });
  if (result.providerRef) {
    await payments.setPaymentProviderRef(ctx.db, payment.id, result.providerRef);
  }
  return {
    ...(result.paymentUrl ? { paymentUrl: result.paymentUrl } : {}),
    payment: summary,
    ...(savedCard ? { savedCard } : {}),
  };
}

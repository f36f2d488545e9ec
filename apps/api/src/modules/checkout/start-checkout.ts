import type { CheckoutResponse } from "@kerb/shared";
import { paths } from "@kerb/shared/paths";
import { centsToDollars, holdExpiryFrom } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { releaseLessonsOfPayment } from "../lessons/index.ts";
import * as payments from "../payments/index.ts";

/**
 * Hands a freshly created (and committed) payment to the provider. Demo mode returns no URL and
 * the client confirms; Stripe returns its hosted page. If the provider refuses, the holds go.
 */
export async function startCheckout(
  ctx: AppContext,
  payment: payments.PaymentRow,
  customer: { email: string },
  description: string,
): Promise<CheckoutResponse> {
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
      await ctx.db.transaction(async (tx) => {
        await payments.changePaymentStatus(tx, payment.id, { from: "PENDING", to: "FAILED" });
        await releaseLessonsOfPayment(tx, payment.id, "SYSTEM");
      });
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
    payment: {
      id: payment.id,
      invoiceNumber: payment.invoiceNumber,
      subtotal: centsToDollars(payment.subtotalCents),
      gst: centsToDollars(payment.gstCents),
      amount: centsToDollars(payment.amountCents),
      holdExpiresAt: payment.type === "BOOKINGS" ? (payment.expiresAt?.toISOString() ?? null) : null,
    },
  };
}

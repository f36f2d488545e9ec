import type { CheckoutResponse } from "@kerb/shared";
import { centsToDollars } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { expireLessonsOfPayment } from "../bookings/holds.repository.ts";
import * as repo from "./payments.repository.ts";

/**
 * Hands a freshly created (and committed) payment to the provider. Demo mode returns no URL and the
 * client confirms; Stripe returns its hosted page. If the provider refuses, the holds are released.
 */
export async function startCheckout(
  ctx: AppContext,
  payment: repo.PaymentRow,
  customer: { email: string },
  description: string,
): Promise<CheckoutResponse> {
  const origin = ctx.env.PUBLIC_URL ?? `http://localhost:${ctx.env.PORT}`;
  const result = await ctx.payments
    .createCheckout({
      paymentId: payment.id,
      invoiceNumber: payment.invoiceNumber,
      amountCents: payment.amountCents,
      description,
      customerEmail: customer.email,
      successUrl: `${origin}/payment/confirmed?payment_id=${payment.id}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/payment/cancelled?payment_id=${payment.id}`,
      expiresAt: payment.expiresAt ?? new Date(ctx.now().getTime() + 30 * 60_000),
    })
    .catch(async (error: unknown) => {
      await ctx.db.transaction(async (tx) => {
        await repo.updatePayment(tx, payment.id, { status: "FAILED" });
        await expireLessonsOfPayment(tx, payment.id);
      });
      throw new AppError(
        "verification_error",
        "The card provider could not start the payment. Please try again.",
        {
          reason: error instanceof Error ? error.message : String(error),
        },
      );
    });
  if (result.providerRef) await repo.updatePayment(ctx.db, payment.id, { providerRef: result.providerRef });
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

import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import * as payments from "../payments/index.ts";
import { releaseCheckout } from "./release-checkout.ts";

/**
 * The student lets an unpaid checkout go: its held lessons are released (EXPIRED, like a lapsed
 * hold, so the slots are free at once and the lessons leave the student's list) and the payment
 * is CANCELLED. The provider's checkout is closed after commit, best effort: if the card is
 * charged anyway, fulfilment finds the payment CANCELLED and refunds it instead of booking.
 */
export async function releasePayment(ctx: AppContext, paymentId: string, userId: string) {
  const now = ctx.now();
  const released = await ctx.transact(async (uow) => {
    const { tx } = uow;
    const payment = await payments.lockPayment(tx, paymentId);
    if (!payment || payment.userId !== userId) {
      throw new AppError("payment_not_found", "Payment not found");
    }
    if (payment.status !== "PENDING") {
      throw new AppError(
        "invalid_state",
        payment.status === "PAID"
          ? "This payment has already been made; cancel its lessons instead"
          : `This payment is ${payment.status.toLowerCase()} and has nothing to release`,
        { status: payment.status },
      );
    }
    await releaseCheckout(tx, payment.id, "STUDENT");
    await uow.audit({
      actorId: userId,
      action: "payment.release",
      targetType: "payment",
      targetId: payment.id,
      details: { invoiceNumber: payment.invoiceNumber },
      createdAt: now,
    });
    return payment;
  });
  if (released.provider === ctx.payments.name) {
    await ctx.payments
      .cancelCheckout(released)
      .catch((err: unknown) =>
        ctx.log.warn(
          { err, paymentId },
          "could not close the provider's checkout; a late payment on it will be refunded",
        ),
      );
  }
  return { payment: { id: released.id, status: "CANCELLED" as const } };
}

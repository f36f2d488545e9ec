import type { AppContext } from "../../context.ts";
import { findPayment } from "./payments.repository.ts";

/**
 * Sends a refund recorded in our books to the card provider. Called after the transaction that
 * recorded it has committed; a provider failure is logged for an operator to retry, never lost silently.
 */
export async function refundToCard(
  ctx: AppContext,
  refund: { paymentId: string | null; refundCents: number },
) {
  if (!refund.paymentId || refund.refundCents <= 0) return;
  const payment = await findPayment(ctx.db, refund.paymentId);
  if (!payment || payment.provider === "demo") return;
  try {
    await ctx.payments.refund(payment, refund.refundCents);
  } catch (err) {
    ctx.log.error(
      { err, paymentId: payment.id, cents: refund.refundCents },
      "card refund failed; retry by hand",
    );
  }
}

import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { findFollowedLearner, findUserEmail } from "../guardians/index.ts";
import { findPayment, setPaymentPayer } from "../payments/index.ts";
import { findUsableSavedCard } from "../saved-cards/index.ts";
import { startCheckout } from "./start-checkout.ts";

/**
 * POST /guardian/learners/:learnerId/payments/:paymentId/pay: the guardian pays a checkout the learner
 * started (lessons held for them): they become its payer, with a fresh card session.
 */
export async function payLearnerCheckout(
  ctx: AppContext,
  guardianId: string,
  learnerId: string,
  paymentId: string,
  options: { savedCardId?: string | undefined } = {},
) {
  const learner = await findFollowedLearner(ctx.db, guardianId, learnerId);
  const payment = await findPayment(ctx.db, paymentId);
  if (payment?.userId !== learnerId) throw new AppError("payment_not_found", "Payment not found");
  if (payment.status !== "PENDING" || !payment.expiresAt || payment.expiresAt <= ctx.now()) {
    throw new AppError("invalid_state", "This checkout is no longer waiting for payment", {
      status: payment.status,
    });
  }
  // The guardian's own card, refused before they become the payer.
  if (options.savedCardId) await findUsableSavedCard(ctx, ctx.db, guardianId, options.savedCardId);
  if (!(await setPaymentPayer(ctx.db, payment.id, guardianId))) {
    throw new AppError("invalid_state", "This checkout is no longer waiting for payment");
  }
  // The card provider's receipt goes to whoever pays.
  const payer = await findUserEmail(ctx.db, guardianId);
  return startCheckout(
    ctx,
    { ...payment, payerId: guardianId },
    { email: payer ?? learner.email },
    `Kerb driving lessons for ${learner.firstName} ${learner.lastName}`,
    { savedCardId: options.savedCardId },
  );
}

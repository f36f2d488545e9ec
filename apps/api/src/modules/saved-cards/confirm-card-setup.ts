import type { SavedCardResponse } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { payerCustomer } from "./payer-customer.ts";
import { savedCardView } from "./saved-card-view.ts";
import { insertCard } from "./saved-cards.repository.ts";

/**
 * POST …/saved-cards/confirm: the browser is back from the provider's page. The provider is asked
 * whether the card was saved, for this payer's customer: the return link alone proves nothing.
 */
export async function confirmCardSetup(
  ctx: AppContext,
  userId: string,
  sessionId: string,
): Promise<SavedCardResponse> {
  const customerRef = await payerCustomer(ctx, userId);
  const result = await ctx.payments.finishCardSetup({ setupRef: sessionId, customerRef });
  if (result.status === "error") {
    throw new AppError(
      "verification_error",
      "We could not check the card with the card provider. Please try again.",
      { reason: result.message },
    );
  }
  if (result.status === "not_saved") {
    throw new AppError("verification_failed", "The card provider has not confirmed a saved card.", {
      reason: result.message,
    });
  }
  const card = await insertCard(ctx.db, {
    ...result.card,
    userId,
    provider: ctx.payments.name,
    customerRef,
    createdAt: ctx.now(),
  });
  return { card: savedCardView(card) };
}

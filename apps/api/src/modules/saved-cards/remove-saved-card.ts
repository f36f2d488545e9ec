import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { findActiveCard, markCardRemoved } from "./saved-cards.repository.ts";

/**
 * DELETE …/saved-cards/:cardId: the card is forgotten at the provider (Stripe detaches it) and no
 * longer offered or charged. Payments made with it, their invoices and refunds, are untouched.
 */
export async function removeSavedCard(ctx: AppContext, userId: string, cardId: string) {
  const card = await findActiveCard(ctx.db, userId, ctx.payments.name, cardId);
  if (!card) throw new AppError("card_not_found", "Saved card not found");
  await ctx.payments.removeCard(card).catch((error: unknown) => {
    throw new AppError("verification_error", "The card provider could not be reached. Please try again.", {
      reason: error instanceof Error ? error.message : String(error),
    });
  });
  await markCardRemoved(ctx.db, card.id, ctx.now());
}

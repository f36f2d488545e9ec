import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { markAllCardsRemoved } from "./saved-cards.repository.ts";

/**
 * A closing account's saved cards: removed in the closing transaction (never charged again), and a
 * function that detaches them at the provider, for after commit, best effort (a card left attached at
 * Stripe is one nobody can charge through Kerb any more).
 */
export async function forgetSavedCards(ctx: AppContext, tx: Executor, userId: string, now: Date) {
  const removed = await markAllCardsRemoved(tx, userId, now);
  return async () => {
    for (const card of removed) {
      if (card.provider !== ctx.payments.name) continue;
      await ctx.payments
        .removeCard(card)
        .catch((err: unknown) =>
          ctx.log.warn({ err, userId }, "could not detach a closed account's saved card"),
        );
    }
  };
}

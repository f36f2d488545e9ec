import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { findActiveCard } from "./saved-cards.repository.ts";

/**
 * The saved card a checkout may charge: the payer's own, still saved, with the current provider.
 * Anyone else's card, or a removed one, is 404 card_not_found: whether it exists is not told.
 */
export async function findUsableSavedCard(
  ctx: AppContext,
  db: Executor,
  payerId: string,
  savedCardId: string,
) {
  const card = await findActiveCard(db, payerId, ctx.payments.name, savedCardId);
  if (!card) {
    throw new AppError(
      "card_not_found",
      "Saved card not found. Choose another card or pay on the card page.",
      {
        savedCardId,
      },
    );
  }
  return card;
}

import type { SavedCardsResponse } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { savedCardView } from "./saved-card-view.ts";
import { listActiveCards } from "./saved-cards.repository.ts";

/** GET …/saved-cards: the caller's own cards saved with the current card provider. */
export async function listSavedCards(ctx: AppContext, userId: string): Promise<SavedCardsResponse> {
  const rows = await listActiveCards(ctx.db, userId, ctx.payments.name);
  return { cards: rows.map(savedCardView) };
}

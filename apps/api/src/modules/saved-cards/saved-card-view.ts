import type { SavedCard } from "@kerb/shared";
import type { SavedCardRow } from "./saved-cards.repository.ts";

/** A saved card as the API answers it: never the provider's references. */
export const savedCardView = (row: SavedCardRow): SavedCard => ({
  id: row.id,
  provider: row.provider,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  createdAt: row.createdAt.toISOString(),
});

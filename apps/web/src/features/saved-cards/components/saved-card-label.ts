import type { SavedCard } from "@kerb/shared";

/** "Visa •••• 4242": how a saved card is named on buttons and in lists. */
export const savedCardLabel = (card: Pick<SavedCard, "brand" | "last4">) =>
  `${card.brand} •••• ${card.last4}`;

/** The expiry as printed on the card: MM/YY. */
export const savedCardExpiry = (card: Pick<SavedCard, "expMonth" | "expYear">) =>
  `${String(card.expMonth).padStart(2, "0")}/${String(card.expYear % 100).padStart(2, "0")}`;

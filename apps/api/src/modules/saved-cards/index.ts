/** The saved-cards module's public entry: what other modules may call (decision 041). */
export { findUsableSavedCard } from "./find-usable-saved-card.ts";
export { forgetSavedCards } from "./forget-saved-cards.ts";
export type { SavedCardRow } from "./saved-cards.repository.ts";
export { listCardsForExport } from "./saved-cards.repository.ts";

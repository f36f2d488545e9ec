// What other features may use from saved-cards (issue 34, decision 041): the account pages' card, and
// the checkout's "Pay with Visa •••• 4242".
export { useSavedCards } from "./api/get-saved-cards";
export type { CardOwner } from "./api/saved-card-owner";
export { savedCardExpiry, savedCardLabel } from "./components/saved-card-label";
export { SavedCardsCard } from "./components/saved-cards-card";

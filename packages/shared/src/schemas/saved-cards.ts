import { z } from "zod";
import { PAYMENT_PROVIDERS } from "../constants.ts";
import { uuid } from "./common.ts";

/** A card the learner or guardian saved with the card provider (decision 041); never its number. */
export const savedCard = z.object({
  id: uuid,
  provider: z.enum(PAYMENT_PROVIDERS),
  /** "Visa", "Mastercard"…; "Demo card" in demo mode. */
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int(),
  createdAt: z.string(),
});
export type SavedCard = z.infer<typeof savedCard>;

export const savedCardsResponse = z.object({ cards: z.array(savedCard) });
export type SavedCardsResponse = z.infer<typeof savedCardsResponse>;

/**
 * Starting to save a card: with a card provider, `setupUrl` is its page (the browser comes back to the
 * account page, which confirms); in demo mode the demo card is saved at once and returned as `card`.
 */
export const startCardSetupResponse = z.object({
  setupUrl: z.string().optional(),
  card: savedCard.optional(),
});
export type StartCardSetupResponse = z.infer<typeof startCardSetupResponse>;

/** The provider's session id the browser came back with (`session_id` in the return URL). */
export const confirmCardSetupRequest = z.object({ sessionId: z.string().min(1).max(255) });
export type ConfirmCardSetupRequest = z.infer<typeof confirmCardSetupRequest>;

export const savedCardResponse = z.object({ card: savedCard });
export type SavedCardResponse = z.infer<typeof savedCardResponse>;

export const savedCardParams = z.object({ cardId: uuid });

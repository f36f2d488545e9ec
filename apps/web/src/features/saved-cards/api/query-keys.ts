import { scopeKeys } from "@/lib/query-keys";
import type { CardOwner } from "./saved-card-owner";

export const savedCardKeys = {
  /** The payer's own saved cards: a learner's or a guardian's, under their own scope. */
  list: (owner: CardOwner) => [...scopeKeys[owner], "saved-cards"] as const,
};

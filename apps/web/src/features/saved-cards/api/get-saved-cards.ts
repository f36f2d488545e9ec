import { savedCardsResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { savedCardKeys } from "./query-keys";
import { type CardOwner, savedCardsPath } from "./saved-card-owner";

/** GET /api/{student|guardian}/saved-cards: the payer's own cards, never their numbers. */
async function getSavedCards(owner: CardOwner, { signal }: { signal?: AbortSignal } = {}) {
  return savedCardsResponse.parse(await api.get(savedCardsPath(owner), { signal }));
}

export const savedCardsQueryOptions = (owner: CardOwner) =>
  queryOptions({
    queryKey: savedCardKeys.list(owner),
    queryFn: ({ signal }) => getSavedCards(owner, { signal }),
  });

export function useSavedCards(owner: CardOwner, options: { enabled?: boolean } = {}) {
  return useQuery({ ...savedCardsQueryOptions(owner), enabled: options.enabled ?? true });
}

import { savedCardsResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { savedCardKeys } from "./query-keys";
import { type CardOwner, savedCardsPath } from "./saved-card-owner";

/** DELETE …/saved-cards/:id: the card is forgotten by the provider; past payments stay as they were. */
async function removeSavedCard(owner: CardOwner, cardId: string) {
  const data = await apiRequest(`${savedCardsPath(owner)}/${encodeURIComponent(cardId)}`, {
    method: "DELETE",
  });
  return savedCardsResponse.parse(data);
}

export function useRemoveSavedCard(owner: CardOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) => removeSavedCard(owner, cardId),
    onSuccess: (list) => queryClient.setQueryData(savedCardKeys.list(owner), list),
  });
}

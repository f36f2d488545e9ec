import { savedCardResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { savedCardKeys } from "./query-keys";
import { type CardOwner, savedCardsPath } from "./saved-card-owner";

/** POST …/saved-cards/confirm: back from the provider's page; the server checks with the provider. */
async function confirmCardSetup(owner: CardOwner, sessionId: string) {
  return savedCardResponse.parse(await api.post(`${savedCardsPath(owner)}/confirm`, { sessionId }));
}

export function useConfirmCardSetup(owner: CardOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => confirmCardSetup(owner, sessionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedCardKeys.list(owner) }),
  });
}

import { startCardSetupResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { savedCardKeys } from "./query-keys";
import { type CardOwner, savedCardsPath } from "./saved-card-owner";

/** POST …/saved-cards: the provider's page to enter the card on, or (demo) the demo card saved at once. */
async function startCardSetup(owner: CardOwner) {
  return startCardSetupResponse.parse(await api.post(savedCardsPath(owner)));
}

export function useStartCardSetup(owner: CardOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startCardSetup(owner),
    onSuccess: (answer) => {
      if (answer.card) void queryClient.invalidateQueries({ queryKey: savedCardKeys.list(owner) });
    },
  });
}

import { type MoveTestPackRequest, type MoveTestPackResponse, moveTestPackResponse } from "@kerb/shared";
import { useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { scopeKeys } from "@/lib/query-keys";
import { useSingleFlightMutation } from "@/lib/single-flight";

type MoveTestPackInput = { bookingId: string; request: MoveTestPackRequest };

/** Moves a driving-test package to the learner's new test time (the server plans the block again). */
async function moveTestPack(
  { bookingId, request }: MoveTestPackInput,
  idempotencyKey?: string,
): Promise<MoveTestPackResponse> {
  const data = await api.post(`/student/test-packs/${encodeURIComponent(bookingId)}/move`, request, {
    idempotencyKey,
  });
  return moveTestPackResponse.parse(data);
}

export function useMoveTestPack() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: moveTestPack,
    // The pack's row, its time and the calendars all changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scopeKeys.student }),
  });
}

import { type TestPackBooked, type TestPackCreditRequest, testPackBookedResponse } from "@kerb/shared";
import { useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { scopeKeys } from "@/lib/query-keys";
import { useSingleFlightMutation } from "@/lib/single-flight";

/** Books the pack with the learner's unused test-pack credit: no card, booked at once. */
async function bookTestPackWithCredit(
  request: TestPackCreditRequest,
  idempotencyKey?: string,
): Promise<TestPackBooked> {
  return testPackBookedResponse.parse(
    await api.post("/student/test-packs/with-credit", request, { idempotencyKey }),
  );
}

export function useBookTestPackWithCredit() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: bookTestPackWithCredit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scopeKeys.student }),
  });
}

import { type RctiAgreementResponse, rctiAgreementResponse } from "@kerb/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { payoutKeys } from "./query-keys";

async function getRctiAgreement({ signal }: { signal?: AbortSignal } = {}): Promise<RctiAgreementResponse> {
  return rctiAgreementResponse.parse(await api.get("/instructor/rcti-agreement", { signal }));
}

const rctiAgreementOptions = () =>
  queryOptions({
    queryKey: payoutKeys.rctiAgreement(),
    queryFn: ({ signal }) => getRctiAgreement({ signal }),
  });

/** Kerb's recipient-created tax invoice agreement, filled in, and whether it is accepted. */
export function useRctiAgreement() {
  return useQuery(rctiAgreementOptions());
}

async function acceptRctiAgreement(version: string): Promise<RctiAgreementResponse> {
  return rctiAgreementResponse.parse(await api.post("/instructor/rcti-agreement/accept", { version }));
}

export function useAcceptRctiAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptRctiAgreement,
    // The payout hold ("accept the agreement") is read from the payouts and earnings answers too.
    onSettled: () =>
      Promise.all(
        [payoutKeys.rctiAgreement(), payoutKeys.instructorPayouts(), payoutKeys.earnings()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

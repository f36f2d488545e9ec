import {
  type PassPromiseClaim,
  passPromiseClaimResponse,
  studentPassPromiseClaimsResponse,
} from "@kerb/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "@/lib/api-client";
import { learningKeys } from "./query-keys";

async function getClaims({ signal }: { signal?: AbortSignal } = {}): Promise<PassPromiseClaim[]> {
  return studentPassPromiseClaimsResponse.parse(await api.get("/student/test-pack-claims", { signal }))
    .claims;
}

/** The learner's pass-promise claim (one at most: the promise is once per learner). */
export function usePassPromiseClaims({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: learningKeys.passPromise(),
    queryFn: ({ signal }) => getClaims({ signal }),
    enabled,
  });
}

async function claim(bookingId: string): Promise<PassPromiseClaim> {
  const data = await apiRequest("/student/test-pack-claims", { method: "POST", body: { bookingId } });
  return passPromiseClaimResponse.parse(data).claim;
}

/** Claims the free second pack for a failed test; the server checks the promise's conditions. */
export function useClaimPassPromise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claim,
    onSuccess: (sent) => queryClient.setQueryData(learningKeys.passPromise(), [sent]),
  });
}

import { guardianPaymentsResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { guardianKeys } from "./query-keys";

/** GET /api/guardian/payments: what this guardian paid for, kept after a learner removes them. */
export async function getGuardianPayments({ signal }: { signal?: AbortSignal } = {}) {
  return guardianPaymentsResponse.parse(await api.get("/guardian/payments", { signal }));
}

export function useGuardianPayments() {
  return useQuery(queryOptions({ queryKey: guardianKeys.payments(), queryFn: getGuardianPayments }));
}

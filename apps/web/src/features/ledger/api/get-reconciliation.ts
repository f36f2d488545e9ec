import { type Reconciliation, reconciliationResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { ledgerKeys } from "./query-keys";

async function getReconciliation(
  month: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Reconciliation> {
  const data = await api.get("/admin/reconciliation", { query: { month }, signal });
  return reconciliationResponse.parse(data);
}

const getReconciliationQueryOptions = (month: string) =>
  queryOptions({
    queryKey: ledgerKeys.reconciliation(month),
    queryFn: ({ signal }) => getReconciliation(month, { signal }),
    placeholderData: keepPreviousData,
  });

/** One Sydney month of the ledger, to the cent. */
export function useReconciliation(month: string) {
  return useQuery(getReconciliationQueryOptions(month));
}

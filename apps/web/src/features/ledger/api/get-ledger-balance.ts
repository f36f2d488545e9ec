import { type LedgerBalance, ledgerBalanceResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export async function getLedgerBalance({ signal }: { signal?: AbortSignal } = {}): Promise<LedgerBalance> {
  const data = await api.get("/admin/ledger/balance", { signal });
  return ledgerBalanceResponse.parse(data);
}

export const ledgerBalanceQueryKey = ["admin", "ledger", "balance"] as const;

export const getLedgerBalanceQueryOptions = () =>
  queryOptions({
    queryKey: ledgerBalanceQueryKey,
    queryFn: ({ signal }) => getLedgerBalance({ signal }),
  });

/** Whether the ledger balances: overall, per journal and per payment. */
export function useLedgerBalance() {
  return useQuery(getLedgerBalanceQueryOptions());
}

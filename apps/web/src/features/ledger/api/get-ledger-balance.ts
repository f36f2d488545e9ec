import { type LedgerBalance, ledgerBalanceResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { ledgerKeys } from "./query-keys";

async function getLedgerBalance({ signal }: { signal?: AbortSignal } = {}): Promise<LedgerBalance> {
  const data = await api.get("/admin/ledger/balance", { signal });
  return ledgerBalanceResponse.parse(data);
}

const getLedgerBalanceQueryOptions = () =>
  queryOptions({
    queryKey: ledgerKeys.balance(),
    queryFn: ({ signal }) => getLedgerBalance({ signal }),
  });

/** Whether the ledger balances: overall, per journal and per payment. */
export function useLedgerBalance() {
  return useQuery(getLedgerBalanceQueryOptions());
}

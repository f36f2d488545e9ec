import { scopeKeys } from "@/lib/query-keys";
import type { DateRange } from "./download-bas";

export const ledgerKeys = {
  balance: () => [...scopeKeys.admin, "ledger", "balance"] as const,
  reconciliation: (month: string) => [...scopeKeys.admin, "reconciliation", month] as const,
  revenue: () => [...scopeKeys.admin, "revenue"] as const,
  gstSummary: (range: DateRange) => [...scopeKeys.admin, "gst-summary", range.from, range.to] as const,
};

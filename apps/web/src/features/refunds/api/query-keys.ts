import { scopeKeys } from "@/lib/query-keys";
import type { AdminRefundsParams } from "./get-admin-refunds";

export const refundKeys = {
  adminRefunds: () => [...scopeKeys.admin, "refunds"] as const,
  adminRefundList: (query: AdminRefundsParams) => [...refundKeys.adminRefunds(), query] as const,
};

import type { RefundStatus } from "@kerb/shared";
import { scopeKeys } from "@/lib/query-keys";

export type AdminRefundsParams = { status?: RefundStatus; page: number; pageSize?: number };

export const refundKeys = {
  adminRefunds: () => [...scopeKeys.admin, "refunds"] as const,
  adminRefundList: (query: AdminRefundsParams) => [...refundKeys.adminRefunds(), query] as const,
};

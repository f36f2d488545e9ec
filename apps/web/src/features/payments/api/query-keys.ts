import { scopeKeys } from "@/lib/query-keys";
import type { AdminPaymentsParams } from "./get-admin-payments";

export const paymentKeys = {
  /** One payment as the card provider's return page shows it (student or guardian). */
  payment: (paymentId: string) => ["payment", paymentId] as const,
  adminPayments: () => [...scopeKeys.admin, "payments"] as const,
  adminPaymentList: (query: AdminPaymentsParams) => [...paymentKeys.adminPayments(), query] as const,
};

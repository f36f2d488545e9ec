import type { PaymentProvider, PaymentStatus } from "@kerb/shared";
import { scopeKeys } from "@/lib/query-keys";

export type AdminPaymentsParams = {
  status?: PaymentStatus;
  provider?: PaymentProvider;
  page: number;
  pageSize?: number;
};

export const paymentKeys = {
  /** One payment as the card provider's return page shows it (student or guardian). */
  payment: (paymentId: string) => ["payment", paymentId] as const,
  adminPayments: () => [...scopeKeys.admin, "payments"] as const,
  adminPaymentList: (query: AdminPaymentsParams) => [...paymentKeys.adminPayments(), query] as const,
};

import type { WeeklySeriesRequest } from "@kerb/shared";
import { scopeKeys } from "@/lib/query-keys";

export const checkoutKeys = {
  invoiceNumber: () => [...scopeKeys.student, "invoice-number"] as const,
  heldPayment: (paymentId: string) => [...scopeKeys.student, "held-payment", paymentId] as const,
  weeklySeriesPreview: (request: WeeklySeriesRequest) =>
    [...scopeKeys.student, "weekly-series-preview", request] as const,
};

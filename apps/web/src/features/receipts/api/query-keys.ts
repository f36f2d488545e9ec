import { scopeKeys } from "@/lib/query-keys";

export const receiptKeys = {
  studentPayments: () => [...scopeKeys.student, "payments"] as const,
};

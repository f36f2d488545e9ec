import type { PayoutStatus } from "@kerb/shared";
import { scopeKeys } from "@/lib/query-keys";

export type AdminPayoutsParams = { status?: PayoutStatus; page: number; pageSize?: number };

export const payoutKeys = {
  earnings: () => [...scopeKeys.instructor, "earnings"] as const,
  /** The instructor's payout account and statements. */
  instructorPayouts: () => [...scopeKeys.instructor, "payouts"] as const,
  /** The RCTI agreement the instructor reads and accepts. */
  rctiAgreement: () => [...scopeKeys.instructor, "rcti-agreement"] as const,
  adminPayouts: () => [...scopeKeys.admin, "payouts"] as const,
  /** Before a run: unchecked GST registrations and who waits for the agreement. */
  adminReadiness: () => [...payoutKeys.adminPayouts(), "readiness"] as const,
  adminPayoutList: (query: AdminPayoutsParams) => [...payoutKeys.adminPayouts(), query] as const,
};

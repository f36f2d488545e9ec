import { scopeKeys } from "@/lib/query-keys";

export const timeAlertKeys = {
  /** The learner's earlier-time alerts. */
  list: () => [...scopeKeys.student, "time-alerts"] as const,
  /** The time an alert email's link offers (its token). */
  offer: (token: string) => [...scopeKeys.student, "time-alert-offer", token] as const,
};

import { scopeKeys } from "@/lib/query-keys";

export type AuditLogParams = {
  /** Part of the actor's name or email. */
  actor?: string;
  /** An exact action, or a family ending in a dot (`booking.`). */
  action?: string;
  /** Inclusive Sydney dates YYYY-MM-DD. */
  from?: string;
  to?: string;
  page: number;
  pageSize?: number;
};

export const auditKeys = {
  /** Every page of the audit log: an audited admin change refreshes them all. */
  all: [...scopeKeys.admin, "audit-log"] as const,
  list: (query: AuditLogParams) => [...auditKeys.all, query] as const,
};

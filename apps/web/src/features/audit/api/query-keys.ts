import { scopeKeys } from "@/lib/query-keys";
import type { AuditLogParams } from "./get-audit-log";

export const auditKeys = {
  /** Every page of the audit log: an audited admin change refreshes them all. */
  all: [...scopeKeys.admin, "audit-log"] as const,
  list: (query: AuditLogParams) => [...auditKeys.all, query] as const,
};

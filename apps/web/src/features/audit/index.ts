// What other features may use from audit: the log's query key, refreshed after every audited admin change.
export { auditLogQueryKey } from "./api/get-audit-log";

export { auditLogQueryKey } from "./api/get-audit-log";

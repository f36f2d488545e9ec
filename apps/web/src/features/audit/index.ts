// What other features may use from audit: the log's query keys, refreshed after every audited admin change.
export { auditKeys } from "./api/query-keys";

// What other features may use from payouts: the query keys (a lesson change moves the instructor's earnings).
export { payoutKeys } from "./api/query-keys";

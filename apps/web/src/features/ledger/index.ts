// What other features may use from ledger: the revenue report's query key (an admin cancellation changes it).
export { adminRevenueQueryKey } from "./api/get-admin-revenue";

export { adminRevenueQueryKey } from "./api/get-admin-revenue";

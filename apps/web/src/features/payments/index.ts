// What other features may use from payments: the admin payments list's query key (an admin cancellation
// refunds).
export { adminPaymentsQueryKey } from "./api/get-admin-payments";

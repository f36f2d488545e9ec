export { adminPaymentsQueryKey } from "./api/get-admin-payments";

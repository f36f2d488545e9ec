// What other features may use from payouts: the instructor's earnings query key (a lesson change moves them)
// and the admin payouts list's (a held lesson's decision changes what is accruing).
export { adminPayoutsQueryKey } from "./api/admin-payouts";
export { instructorEarningsQueryKey } from "./api/get-instructor-earnings";

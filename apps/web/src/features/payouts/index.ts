// What other features may use from payouts: the instructor's earnings query key (a lesson change moves them).
export { instructorEarningsQueryKey } from "./api/get-instructor-earnings";

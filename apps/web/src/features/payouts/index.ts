export { instructorEarningsQueryKey } from "./api/get-instructor-earnings";

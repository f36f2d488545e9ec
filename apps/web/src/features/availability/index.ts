export { instructorAvailabilityQueryKey } from "./api/get-instructor-availability";

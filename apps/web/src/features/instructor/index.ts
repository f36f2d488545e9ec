export { instructorDashboardQueryKey } from "./api/get-instructor-dashboard";

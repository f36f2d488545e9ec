// What other features may use from instructor: the dashboard's query key (lesson and availability changes
// refresh its counts).
export { instructorDashboardQueryKey } from "./api/get-instructor-dashboard";

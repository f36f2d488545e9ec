export { useAdminInstructors } from "./api/get-admin-instructors";
export { complianceFollowUpQueryKey } from "./api/get-compliance-follow-up";

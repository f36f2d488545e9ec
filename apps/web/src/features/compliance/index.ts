export { useAdminInstructors } from "./api/get-admin-instructors";
export { complianceFollowUpQueryKey } from "./api/get-compliance-follow-up";
export { ComplianceCard } from "./components/compliance-card";
export { VerificationNotice } from "./components/verification-notice";

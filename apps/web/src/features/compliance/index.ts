// What other features may use from compliance: the admin's instructor list (the bookings filter), the
// follow-up list's query key (an admin cancellation changes it), and the instructor dashboard's compliance
// card and verification notice.
export { useAdminInstructors } from "./api/get-admin-instructors";
export { complianceFollowUpQueryKey } from "./api/get-compliance-follow-up";
export { ComplianceCard } from "./components/compliance-card";
export { VerificationNotice } from "./components/verification-notice";

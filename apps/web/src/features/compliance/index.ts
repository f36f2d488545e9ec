// What other features may use from compliance: the instructor dashboard's compliance card and verification
// notice. (The admin's instructor list, which the bookings page filters by, is src/lib/admin-instructors.ts.)
export { ComplianceCard } from "./components/compliance-card";
export { VerificationNotice } from "./components/verification-notice";

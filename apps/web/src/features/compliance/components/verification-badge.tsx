import type { VerificationStatus } from "@kerb/shared";
import { StatusBadge, type StatusStyle } from "@/components/ui/status-badge";

export const VERIFICATION_STATUS: Record<VerificationStatus, StatusStyle> = {
  PENDING: { label: "Pending", tone: "warning" },
  VERIFIED: { label: "Verified", tone: "success" },
  REJECTED: { label: "Rejected", tone: "danger" },
};

export const VerificationBadge = ({ status }: { status: VerificationStatus }) => (
  <StatusBadge status={status} styles={VERIFICATION_STATUS} />
);

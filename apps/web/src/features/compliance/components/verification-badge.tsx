import type { VerificationStatus } from "@kerb/shared";
import { verificationStatusLabels } from "@kerb/shared/words";
import { StatusBadge, type StatusStyle, statusStyles } from "@/components/ui/status-badge";

export const VERIFICATION_STATUS: Record<VerificationStatus, StatusStyle> = statusStyles(
  verificationStatusLabels,
  { PENDING: "warning", VERIFIED: "success", REJECTED: "danger" },
);

export const VerificationBadge = ({ status }: { status: VerificationStatus }) => (
  <StatusBadge status={status} styles={VERIFICATION_STATUS} />
);

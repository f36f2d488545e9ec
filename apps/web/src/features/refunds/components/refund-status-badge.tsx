import type { RefundStatus } from "@kerb/shared";
import { refundStatusLabels } from "@kerb/shared/words";
import { StatusBadge, type StatusStyle, statusStyles } from "@/components/ui/status-badge";

// The operator is told who the refund waits on.
export const REFUND_STATUS: Record<RefundStatus, StatusStyle> = statusStyles(
  { ...refundStatusLabels, PENDING: "Waiting for the card provider" },
  { PENDING: "warning", SUCCEEDED: "success" },
);

export const RefundStatusBadge = ({ status }: { status: RefundStatus }) => (
  <StatusBadge status={status} styles={REFUND_STATUS} />
);

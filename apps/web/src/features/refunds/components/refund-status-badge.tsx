import type { RefundStatus } from "@kerb/shared";
import { StatusBadge, type StatusStyle } from "@/components/ui/status-badge";

export const REFUND_STATUS: Record<RefundStatus, StatusStyle> = {
  PENDING: { label: "Waiting for the card provider", tone: "warning" },
  SUCCEEDED: { label: "Refunded", tone: "success" },
};

export const RefundStatusBadge = ({ status }: { status: RefundStatus }) => (
  <StatusBadge status={status} styles={REFUND_STATUS} />
);

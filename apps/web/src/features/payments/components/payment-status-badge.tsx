import type { PaymentStatus } from "@kerb/shared";
import { StatusBadge, type StatusStyle } from "@/components/ui/status-badge";

export const PAYMENT_STATUS: Record<PaymentStatus, StatusStyle> = {
  PENDING: { label: "Pending", tone: "warning" },
  PAID: { label: "Paid", tone: "success" },
  FAILED: { label: "Failed", tone: "danger" },
  CANCELLED: { label: "Cancelled", tone: "neutral" },
  EXPIRED: { label: "Expired", tone: "neutral" },
  REFUNDED: { label: "Refunded", tone: "info" },
};

export const PaymentStatusBadge = ({ status }: { status: PaymentStatus }) => (
  <StatusBadge status={status} styles={PAYMENT_STATUS} />
);

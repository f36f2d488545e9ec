import type { PaymentStatus } from "@kerb/shared";
import { paymentStatusLabels } from "@kerb/shared/words";
import { StatusBadge, type StatusStyle, statusStyles } from "@/components/ui/status-badge";

export const PAYMENT_STATUS: Record<PaymentStatus, StatusStyle> = statusStyles(paymentStatusLabels, {
  PENDING: "warning",
  PAID: "success",
  FAILED: "danger",
  CANCELLED: "neutral",
  EXPIRED: "neutral",
  REFUNDED: "info",
});

export const PaymentStatusBadge = ({ status }: { status: PaymentStatus }) => (
  <StatusBadge status={status} styles={PAYMENT_STATUS} />
);

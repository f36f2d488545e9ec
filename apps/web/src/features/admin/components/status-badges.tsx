import type { PaymentStatus, RefundStatus, Role, VerificationStatus } from "@kerb/shared";
import { StatusBadge, type StatusStyle } from "@/components/ui/status-badge";

export const ROLE_STATUS: Record<Role, StatusStyle> = {
  STUDENT: { label: "Student", tone: "info" },
  INSTRUCTOR: { label: "Instructor", tone: "brand" },
  ADMIN: { label: "Admin", tone: "warning" },
};

export const PAYMENT_STATUS: Record<PaymentStatus, StatusStyle> = {
  PENDING: { label: "Pending", tone: "warning" },
  PAID: { label: "Paid", tone: "success" },
  FAILED: { label: "Failed", tone: "danger" },
  CANCELLED: { label: "Cancelled", tone: "neutral" },
  EXPIRED: { label: "Expired", tone: "neutral" },
  REFUNDED: { label: "Refunded", tone: "info" },
};

export const REFUND_STATUS: Record<RefundStatus, StatusStyle> = {
  PENDING: { label: "Waiting for the card provider", tone: "warning" },
  SUCCEEDED: { label: "Refunded", tone: "success" },
};

export const VERIFICATION_STATUS: Record<VerificationStatus, StatusStyle> = {
  PENDING: { label: "Pending", tone: "warning" },
  VERIFIED: { label: "Verified", tone: "success" },
  REJECTED: { label: "Rejected", tone: "danger" },
};

export const RoleBadge = ({ role }: { role: Role }) => <StatusBadge status={role} styles={ROLE_STATUS} />;
export const PaymentStatusBadge = ({ status }: { status: PaymentStatus }) => (
  <StatusBadge status={status} styles={PAYMENT_STATUS} />
);
export const VerificationBadge = ({ status }: { status: VerificationStatus }) => (
  <StatusBadge status={status} styles={VERIFICATION_STATUS} />
);
export const RefundStatusBadge = ({ status }: { status: RefundStatus }) => (
  <StatusBadge status={status} styles={REFUND_STATUS} />
);

import type { BookingStatus, PaymentStatus, Role, VerificationStatus } from "@kerb/shared";
import { Badge, type BadgeTone } from "@/components/ui/badge";

type Style = { label: string; tone: BadgeTone };

export const ROLE_LABELS: Record<Role, string> = {
  STUDENT: "Student",
  INSTRUCTOR: "Instructor",
  ADMIN: "Admin",
};
const ROLE_TONES: Record<Role, BadgeTone> = { STUDENT: "info", INSTRUCTOR: "brand", ADMIN: "warning" };

export const BOOKING_STATUS: Record<BookingStatus, Style> = {
  PENDING_PAYMENT: { label: "Awaiting payment", tone: "warning" },
  SCHEDULED: { label: "Scheduled", tone: "brand" },
  COMPLETED: { label: "Completed", tone: "success" },
  NO_SHOW: { label: "No-show", tone: "danger" },
  CANCELLED: { label: "Cancelled", tone: "neutral" },
  EXPIRED: { label: "Expired", tone: "neutral" },
};

export const PAYMENT_STATUS: Record<PaymentStatus, Style> = {
  PENDING: { label: "Pending", tone: "warning" },
  PAID: { label: "Paid", tone: "success" },
  FAILED: { label: "Failed", tone: "danger" },
  CANCELLED: { label: "Cancelled", tone: "neutral" },
  EXPIRED: { label: "Expired", tone: "neutral" },
  REFUNDED: { label: "Refunded", tone: "info" },
};

export const VERIFICATION_STATUS: Record<VerificationStatus, Style> = {
  PENDING: { label: "Pending", tone: "warning" },
  VERIFIED: { label: "Verified", tone: "success" },
  REJECTED: { label: "Rejected", tone: "danger" },
};

function StyledBadge({ style, fallback }: { style: Style | undefined; fallback: string }) {
  return <Badge tone={style?.tone ?? "neutral"}>{style?.label ?? fallback}</Badge>;
}

export const RoleBadge = ({ role }: { role: Role }) => (
  <Badge tone={ROLE_TONES[role] ?? "neutral"}>{ROLE_LABELS[role] ?? role}</Badge>
);
export const BookingStatusBadge = ({ status }: { status: BookingStatus }) => (
  <StyledBadge style={BOOKING_STATUS[status]} fallback={status} />
);
export const PaymentStatusBadge = ({ status }: { status: PaymentStatus }) => (
  <StyledBadge style={PAYMENT_STATUS[status]} fallback={status} />
);
export const VerificationBadge = ({ status }: { status: VerificationStatus }) => (
  <StyledBadge style={VERIFICATION_STATUS[status]} fallback={status} />
);

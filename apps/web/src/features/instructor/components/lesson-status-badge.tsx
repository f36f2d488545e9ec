import type { BookingStatus } from "@kerb/shared";
import { Badge, type BadgeTone } from "@/components/ui/badge";

const STATUS: Record<BookingStatus, { label: string; tone: BadgeTone }> = {
  PENDING_PAYMENT: { label: "Awaiting payment", tone: "warning" },
  SCHEDULED: { label: "Scheduled", tone: "brand" },
  COMPLETED: { label: "Completed", tone: "success" },
  NO_SHOW: { label: "No-show", tone: "danger" },
  CANCELLED: { label: "Cancelled", tone: "neutral" },
  EXPIRED: { label: "Expired", tone: "neutral" },
};

export function LessonStatusBadge({ status }: { status: BookingStatus }) {
  const { label, tone } = STATUS[status] ?? { label: status, tone: "neutral" as const };
  return <Badge tone={tone}>{label}</Badge>;
}

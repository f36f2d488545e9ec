import type { BookingStatus } from "@kerb/shared";
import { Badge, type BadgeTone } from "./badge";

export type StatusStyle = { label: string; tone: BadgeTone };

/** A status as a coloured pill; a value missing from `styles` shows as it is, in neutral. */
export function StatusBadge<S extends string>({
  status,
  styles,
}: {
  status: S;
  styles: Record<S, StatusStyle>;
}) {
  const style: StatusStyle | undefined = styles[status];
  return <Badge tone={style?.tone ?? "neutral"}>{style?.label ?? status}</Badge>;
}

export const BOOKING_STATUS: Record<BookingStatus, StatusStyle> = {
  PENDING_PAYMENT: { label: "Awaiting payment", tone: "warning" },
  SCHEDULED: { label: "Scheduled", tone: "brand" },
  COMPLETED: { label: "Completed", tone: "success" },
  NO_SHOW: { label: "No-show", tone: "danger" },
  CANCELLED: { label: "Cancelled", tone: "neutral" },
  EXPIRED: { label: "Expired", tone: "neutral" },
};

/** A booking's status as instructors and admins read it. */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <StatusBadge status={status} styles={BOOKING_STATUS} />;
}

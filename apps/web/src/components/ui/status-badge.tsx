import type { BookingStatus } from "@kerb/shared";
import { bookingStatusLabels } from "@kerb/shared/words";
import { Badge, type BadgeTone } from "./badge";

export type StatusStyle = { label: string; tone: BadgeTone };

/** Each value's shared label (@kerb/shared/words) with the tone this badge gives it. */
export function statusStyles<S extends string>(
  labels: Record<S, string>,
  tones: Record<S, BadgeTone>,
): Record<S, StatusStyle> {
  const entries = (Object.keys(tones) as S[]).map((status) => [
    status,
    { label: labels[status], tone: tones[status] },
  ]);
  return Object.fromEntries(entries) as Record<S, StatusStyle>;
}

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

export const BOOKING_STATUS: Record<BookingStatus, StatusStyle> = statusStyles(bookingStatusLabels, {
  PENDING_PAYMENT: "warning",
  SCHEDULED: "brand",
  COMPLETED: "success",
  NO_SHOW: "danger",
  CANCELLED: "neutral",
  EXPIRED: "neutral",
});

/** A booking's status as instructors and admins read it. */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <StatusBadge status={status} styles={BOOKING_STATUS} />;
}

import type { BookingStatus, StudentProfileBooking } from "@kerb/shared";
import Clock from "lucide-react/icons/clock";
import MapPin from "lucide-react/icons/map-pin";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import Undo2 from "lucide-react/icons/undo-2";
import UserRound from "lucide-react/icons/user-round";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { ConsumerPrice } from "@/components/ui/consumer-price";
import { DateTile } from "@/components/ui/date-tile";
import { PoolHoursBadge } from "@/components/ui/pool-hours-badge";
import { BOOKING_STATUS, type StatusStyle } from "@/components/ui/status-badge";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { formatDate, formatTimeRange } from "@/lib/format";
import { lessonTiming } from "../utils/lesson-timing";

// Students read a no-show as a lesson they missed; instructors and admins see "No-show".
const STUDENT_BOOKING_STATUS: Record<BookingStatus, StatusStyle> = {
  ...BOOKING_STATUS,
  NO_SHOW: { label: "Missed", tone: "danger" },
};

/**
 * A SCHEDULED lesson is only "Scheduled" while it is still ahead: once it has ended it waits for the
 * instructor to mark it completed (or missed), and under way it is in progress.
 */
function studentStatus(booking: StudentProfileBooking, now: number): StatusStyle {
  if (booking.status === "SCHEDULED") {
    const timing = lessonTiming(booking, now);
    if (timing === "ended") return { label: "Awaiting your instructor's confirmation", tone: "warning" };
    if (timing === "in_progress") return { label: "In progress", tone: "brand" };
  }
  return STUDENT_BOOKING_STATUS[booking.status];
}

/**
 * One lesson: when (Sydney time), with whom, where, how much and its status; for a cancelled lesson,
 * what came back; and what the student can do with it.
 */
export function LessonRow({
  booking,
  showStatus = true,
  refundNote,
  actions,
  notice,
  now = Date.now(),
}: {
  booking: StudentProfileBooking;
  showStatus?: boolean;
  /** What the cancellation gave back ("Refunded $77.00 to your card"). */
  refundNote?: string | null;
  /** Cancel, Reschedule and the like. */
  actions?: ReactNode;
  /** Something to answer about the lesson, above its actions (a proposed new time). */
  notice?: ReactNode;
  /** The page's clock: whether a scheduled lesson is still ahead. */
  now?: number;
}) {
  const instructorName = `${booking.instructor.firstName} ${booking.instructor.lastName}`;
  const status = studentStatus(booking, now);
  return (
    <li className="flex gap-4 py-4">
      <DateTile iso={booking.startTime} />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="font-semibold text-slate-900">{formatDate(booking.startTime)}</p>
          {booking.bundleId ? (
            // Nothing was charged for it: a credit of a bundle paid for earlier.
            <p className="text-slate-700 text-sm">Paid with bundle credit</p>
          ) : (
            <p className="text-slate-900">
              <ConsumerPrice dollars={booking.price} className="font-semibold" />
            </p>
          )}
        </div>
        <p className="flex items-center gap-1.5 text-slate-700 text-sm">
          <Clock className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          {formatTimeRange(booking.startTime, booking.endTime)}
        </p>
        <p className="flex items-center gap-1.5 text-slate-700 text-sm">
          <UserRound className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span>
            <span className="sr-only">Instructor: </span>
            {instructorName}
          </span>
        </p>
        {booking.pickupLocation ? (
          <p className="flex items-center gap-1.5 text-slate-700 text-sm">
            <MapPin className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            <span className="min-w-0 break-words">
              <span className="sr-only">Pickup: </span>
              {booking.pickupLocation}
            </span>
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2 pt-0.5">
          {showStatus ? (
            // The longest status ("Awaiting your instructor's confirmation") is wider than a phone's card.
            <Badge tone={status.tone} wrap>
              {status.label}
            </Badge>
          ) : null}
          {booking.isPoolHours ? <PoolHoursBadge /> : null}
          {booking.series ? <Badge tone="brand">{booking.series.label}</Badge> : null}
        </div>
        {refundNote ? (
          <p className="flex items-center gap-1.5 font-medium text-slate-800 text-sm">
            <Undo2 className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            {refundNote}
          </p>
        ) : null}
        {booking.instructorUnavailable && booking.status === "SCHEDULED" ? (
          // The instructor was delisted or a document lapsed: say what that means and what to do.
          <div
            role="note"
            aria-label="Your instructor can't teach at the moment"
            className="flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p className="leading-relaxed">
              <span className="font-semibold">{instructorName} can't teach on Kerb at the moment,</span> so
              this lesson may not go ahead. You can cancel it with a full refund any time before it starts
              {booking.bundleId ? (
                <>
                  {" "}
                  (its credits go back to your bundle), then move your credits to another instructor on{" "}
                  <TextLink to={paths.student.bundles()}>your bundles</TextLink>.
                </>
              ) : (
                <>, then book another instructor.</>
              )}
            </p>
          </div>
        ) : null}
        {booking.instructorClash && booking.status === "SCHEDULED" && !booking.instructorUnavailable ? (
          // Their instructor's time off now covers the lesson (the email told them too): what to do.
          <div
            role="note"
            aria-label="Your instructor isn't available for this lesson"
            className="flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p className="leading-relaxed">
              <span className="font-semibold">
                {instructorName} isn't available at this time (a day off, leave or changed hours),
              </span>{" "}
              so this lesson may not go ahead as booked. {booking.instructor.firstName} should contact you;
              you can also move it to another time, or cancel it with a full refund whatever the notice.
            </p>
          </div>
        ) : null}
        {notice}
        {actions ? <div className="flex flex-wrap gap-2 pt-1">{actions}</div> : null}
      </div>
    </li>
  );
}

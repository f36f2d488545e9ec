import type { StudentProfileBooking } from "@kerb/shared";
import { Clock, MapPin, Sparkles, UserRound } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatDollars, formatTimeRange, formatWeekday } from "@/lib/format";
import { BookingStatusBadge } from "./booking-status-badge";

/** One lesson: when (Sydney time), with whom, where, how much and its status. */
export function LessonRow({
  booking,
  showStatus = true,
}: {
  booking: StudentProfileBooking;
  showStatus?: boolean;
}) {
  const instructorName = `${booking.instructor.firstName} ${booking.instructor.lastName}`;
  return (
    <li className="flex gap-4 py-4">
      <div className="flex w-16 shrink-0 flex-col items-center justify-center rounded-xl bg-brand-50 py-2 text-brand-900 ring-1 ring-brand-100">
        <span className="font-semibold text-xs uppercase">{formatWeekday(booking.startTime)}</span>
        <span className="font-bold text-lg leading-tight">{formatDate(booking.startTime).slice(0, 5)}</span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="font-semibold text-slate-900">{formatDate(booking.startTime)}</p>
          <p className="font-semibold text-slate-900">{formatDollars(booking.price)}</p>
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
          {showStatus ? <BookingStatusBadge status={booking.status} /> : null}
          {booking.isPoolHours ? (
            <Badge tone="accent" icon={<Sparkles className="size-3" aria-hidden="true" />}>
              Pool Hours
            </Badge>
          ) : null}
        </div>
      </div>
    </li>
  );
}

export function LessonRowSkeleton() {
  return (
    <li className="flex gap-4 py-4">
      <Skeleton className="h-16 w-16 shrink-0 rounded-xl" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
      </div>
    </li>
  );
}

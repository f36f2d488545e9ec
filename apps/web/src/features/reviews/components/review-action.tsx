import type { StudentProfileBooking } from "@kerb/shared";
import { canReviewLesson } from "@kerb/shared/rules";
import Star from "lucide-react/icons/star";
import { Button } from "@/components/ui/button";
import { formatDate, formatTime } from "@/lib/format";

/**
 * A past lesson's review: "Reviewed ★4" once reviewed, a Review button while a completed lesson is
 * inside its 14-day window, nothing otherwise.
 */
export function ReviewAction({
  booking,
  now,
  onReview,
}: {
  booking: StudentProfileBooking;
  now: number;
  onReview: (booking: StudentProfileBooking) => void;
}) {
  if (booking.review) {
    return (
      <span className="inline-flex items-center gap-1 font-medium text-slate-700 text-sm">
        Reviewed
        <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
        <span aria-hidden="true">{booking.review.rating}</span>
        <span className="sr-only">{`${booking.review.rating} out of 5 stars`}</span>
      </span>
    );
  }
  if (
    !canReviewLesson({ status: booking.status, endTime: booking.endTime, hasReview: false }, new Date(now))
  ) {
    return null;
  }
  return (
    <Button
      variant="outline"
      size="sm"
      icon={<Star className="size-4" aria-hidden="true" />}
      onClick={() => onReview(booking)}
      aria-label={`Review lesson on ${formatDate(booking.startTime)} at ${formatTime(booking.startTime)}`}
    >
      Review
    </Button>
  );
}

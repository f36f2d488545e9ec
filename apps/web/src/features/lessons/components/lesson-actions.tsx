import type { StudentProfileBooking } from "@kerb/shared";
import { sydneyDateOf } from "@kerb/shared/rules";
import CalendarClock from "lucide-react/icons/calendar-clock";
import X from "lucide-react/icons/x";
import { Button, ButtonLink } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { EarlierTimesLink } from "@/features/time-alerts";
import { formatDate, formatTime } from "@/lib/format";
import { canCancelLesson, canRescheduleLesson } from "../utils/lesson-status";
import { CancelSeriesAction } from "./cancel-series-action";
import { MoveTestPackAction } from "./move-test-pack-dialog";

/**
 * What a student can do with a lesson that is still to come: cancel it (any time before it starts;
 * the dialog says what comes back) and move it (up to 24 hours before). Each action names its lesson
 * for screen readers, since a list holds many of them.
 */
export function LessonActions({
  booking,
  now,
  onCancel,
  onAnnounce,
}: {
  booking: StudentProfileBooking;
  now: number;
  onCancel: (booking: StudentProfileBooking) => void;
  /** A finished move's sentence (a test package), for the page's status note. */
  onAnnounce?: (message: string) => void;
}) {
  if (!canCancelLesson(booking, now)) return null;
  // The whole name is given, visible word first: an sr-only span's leading space is lost in the
  // accessible name ("Cancellesson on …"), the span being its own item of the flex button.
  const which = `lesson on ${formatDate(booking.startTime)} at ${formatTime(booking.startTime)}`;
  // Their instructor may no longer teach: cancelling is always a full refund, and there is no one to
  // reschedule with.
  if (booking.instructorUnavailable) {
    return (
      <Button
        variant="outline"
        size="sm"
        icon={<X className="size-4" aria-hidden="true" />}
        onClick={() => onCancel(booking)}
        aria-label={`Cancel ${which} with a full refund`}
      >
        Cancel with full refund
      </Button>
    );
  }
  const { testPack } = booking;
  return (
    <>
      {testPack ? (
        // A test package follows the learner's test time (Service NSW's), up to the pick-up: it is moved
        // to the new test, not rescheduled to a slot.
        <MoveTestPackAction booking={{ ...booking, testPack }} onMoved={onAnnounce} />
      ) : canRescheduleLesson(booking, now) ? (
        <ButtonLink
          to={paths.student.reschedule(booking.id)}
          variant="outline"
          size="sm"
          icon={<CalendarClock className="size-4" aria-hidden="true" />}
          aria-label={`Reschedule ${which}`}
        >
          Reschedule
        </ButtonLink>
      ) : null}
      {testPack ? null : (
        <EarlierTimesLink
          instructorId={booking.instructor.id}
          before={sydneyDateOf(new Date(booking.startTime))}
          label={`Tell me about times earlier than the ${which}`}
        />
      )}
      <Button
        variant="ghost"
        size="sm"
        // `cn` does not merge classes and the ghost variant's slate comes later in the stylesheet, so
        // the red is marked important (without it the action showed slate, like any other).
        className="text-red-700! hover:bg-red-50! hover:text-red-800!"
        icon={<X className="size-4" aria-hidden="true" />}
        onClick={() => onCancel(booking)}
        // A clash with the instructor's time off is not the student's doing: a full refund, whenever.
        aria-label={booking.instructorClash ? `Cancel ${which} with a full refund` : `Cancel ${which}`}
      >
        {booking.instructorClash ? "Cancel with full refund" : "Cancel"}
      </Button>
      {booking.series ? (
        <CancelSeriesAction booking={{ ...booking, series: booking.series }} onCancelled={onAnnounce} />
      ) : null}
    </>
  );
}

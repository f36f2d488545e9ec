import { Alert } from "@/components/ui/alert";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { formatDate, formatTimeRange, formatWeekday } from "@/lib/format";
import type { BookedLesson } from "../hooks/use-confirm-book-again";

/** After Confirm: the lesson that was booked, and where to see it with the others. */
export function BookedLessonAlert({ lesson, suburb }: { lesson: BookedLesson; suburb: string }) {
  const where = lesson.pickupLocation ? `${lesson.pickupLocation}, ${suburb}` : suburb;
  return (
    <Alert
      tone="success"
      title={`Booked: ${formatWeekday(lesson.startTime)} ${formatDate(lesson.startTime)}, ${formatTimeRange(lesson.startTime, lesson.endTime)}`}
    >
      With {lesson.instructor.firstName} {lesson.instructor.lastName}, pickup at {where}. We've emailed you
      the details. <TextLink to={paths.student.bookings()}>See my bookings</TextLink>
    </Alert>
  );
}

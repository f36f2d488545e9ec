import type { StudentProfileBooking } from "@kerb/shared";
import { useState } from "react";
import { formatDate } from "@/lib/format";
import { ReviewLessonDialog } from "../components/review-lesson-dialog";

/**
 * One review dialog for a list of lessons: `requestReview(lesson)` opens it for that lesson, and
 * `onReviewed` hears a sentence to announce once the review is saved.
 */
export function useLessonReview(onReviewed: (message: string) => void) {
  const [lesson, setLesson] = useState<StudentProfileBooking | null>(null);
  const [isOpen, setOpen] = useState(false);

  const dialog = lesson ? (
    <ReviewLessonDialog
      key={lesson.id}
      booking={lesson}
      isOpen={isOpen}
      onOpenChange={setOpen}
      onReviewed={(booking, rating) => {
        setOpen(false);
        onReviewed(
          `Thanks! Your ${rating}-star review of the lesson on ${formatDate(booking.startTime)} is saved.`,
        );
      }}
    />
  ) : null;

  return {
    requestReview: (booking: StudentProfileBooking) => {
      setLesson(booking);
      setOpen(true);
    },
    dialog,
  };
}

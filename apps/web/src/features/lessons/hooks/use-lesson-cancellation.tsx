import type { StudentProfileBooking } from "@kerb/shared";
import { useState } from "react";
import { formatDate, formatTime } from "@/lib/format";
import { StudentCancelDialog } from "../components/student-cancel-dialog";

/** "Lesson on 24/11/2026 at 10:00 am cancelled. Refunded $77.00 to your card." */
function cancelledMessage(booking: StudentProfileBooking, refundNote: string | null): string {
  const done = `Lesson on ${formatDate(booking.startTime)} at ${formatTime(booking.startTime)} cancelled.`;
  return refundNote ? `${done} ${refundNote}.` : done;
}

/**
 * One cancel dialog for a list of lessons: `requestCancel(lesson)` opens it for that lesson, and
 * `onCancelled` hears what came back once the server has cancelled it.
 */
export function useLessonCancellation(onCancelled: (message: string) => void) {
  const [lesson, setLesson] = useState<StudentProfileBooking | null>(null);
  const [isOpen, setOpen] = useState(false);

  const dialog = lesson ? (
    <StudentCancelDialog
      // A fresh dialog (and preview) per lesson.
      key={lesson.id}
      booking={lesson}
      isOpen={isOpen}
      onOpenChange={setOpen}
      onCancelled={(booking, refundNote) => {
        setOpen(false);
        onCancelled(cancelledMessage(booking, refundNote));
      }}
    />
  ) : null;

  return {
    requestCancel: (booking: StudentProfileBooking) => {
      setLesson(booking);
      setOpen(true);
    },
    dialog,
  };
}

import type { StudentProfileBooking } from "@kerb/shared";
import { useQuery } from "@tanstack/react-query";
import { studentProfileQueryOptions } from "@/lib/student-profile";

type StudentLesson = {
  /** Null when the student has no such lesson (someone else's reads as absent). */
  lesson: StudentProfileBooking | null;
  /** Where the lesson is: its own suburb, or the student's for answers without one. */
  suburb: string | null;
};

/** One of the signed-in student's lessons, from their (shared, cached) profile. */
export function useStudentLesson(bookingId: string) {
  return useQuery({
    ...studentProfileQueryOptions(),
    select: (profile): StudentLesson => {
      const lesson = profile.bookings.find((booking) => booking.id === bookingId) ?? null;
      return { lesson, suburb: lesson?.suburb ?? profile.suburb };
    },
  });
}

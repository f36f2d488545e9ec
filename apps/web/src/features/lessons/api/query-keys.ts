import { scopeKeys } from "@/lib/query-keys";
import type { AdminBookingsParams } from "./get-admin-bookings";
import type { LessonScope } from "./get-instructor-lessons";
import type { StaffRole } from "./get-staff-cancellation-preview";

export const lessonKeys = {
  instructorLessons: () => [...scopeKeys.instructor, "lessons"] as const,
  instructorLessonPage: (scope: LessonScope, page: number) =>
    [...lessonKeys.instructorLessons(), scope, page] as const,
  adminBookings: () => [...scopeKeys.admin, "bookings"] as const,
  adminBookingList: (query: AdminBookingsParams) => [...lessonKeys.adminBookings(), query] as const,
  /**
   * What cancelling would give back, asked afresh each time a cancel dialog opens. Outside every scope: a
   * cancellation refreshes its whole scope while the dialog is still open, and asking again then would
   * only answer that the lesson is cancelled.
   */
  cancellationPreviews: ["cancellation-preview"] as const,
  studentCancellationPreview: (bookingId: string) =>
    [...lessonKeys.cancellationPreviews, "student", bookingId] as const,
  staffCancellationPreview: (role: StaffRole, lessonId: string) =>
    [...lessonKeys.cancellationPreviews, role, lessonId] as const,
};

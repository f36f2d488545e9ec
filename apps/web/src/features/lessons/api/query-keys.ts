import type { BookingStatus } from "@kerb/shared";
import { scopeKeys } from "@/lib/query-keys";

export type LessonScope = "upcoming" | "past";

export type AdminBookingsParams = {
  status?: BookingStatus;
  from?: string;
  to?: string;
  instructorId?: string;
  page: number;
  pageSize?: number;
};

/** Whose cancel dialog asks: the instructor about their own lesson, or an admin about any. */
export type StaffRole = "instructor" | "admin";

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
  /** What cancelling the rest of a weekly series would give back (issue 34). */
  seriesCancellationPreview: (seriesId: string) =>
    [...lessonKeys.cancellationPreviews, "series", seriesId] as const,
};

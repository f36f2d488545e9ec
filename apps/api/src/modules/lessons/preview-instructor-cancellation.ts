import type { AppContext } from "../../context.ts";
import { previewStaffCancellation } from "./staff-cancellation-preview.ts";

/** GET /instructor/lessons/:id/cancellation: what cancelling their own lesson now would give the student. */
export function previewInstructorCancellation(ctx: AppContext, instructorId: string, lessonId: string) {
  return previewStaffCancellation(ctx.db, {
    bookingId: lessonId,
    by: "INSTRUCTOR",
    instructorId,
    now: ctx.now(),
  });
}

import { z } from "zod";
import { safeText } from "./common.ts";
import { studentRefund } from "./student-lessons.ts";

// Cancelling a lesson as its instructor or as an admin: the instructor's reason, and the preview both
// dialogs show before anyone confirms.

/** The longest reason an instructor may give the student for cancelling: a few sentences. */
export const CANCEL_REASON_MAX_LENGTH = 500;

/** POST /api/instructor/lessons/{id}/cancel: why, in the instructor's words, quoted in the student's email. */
const ASK_FOR_REASON = "Tell the student why you are cancelling";
export const instructorCancelLessonRequest = z.object(
  {
    reason: safeText({ error: ASK_FOR_REASON })
      .trim()
      .min(1, ASK_FOR_REASON)
      .max(
        CANCEL_REASON_MAX_LENGTH,
        `Keep the reason to ${CANCEL_REASON_MAX_LENGTH} characters or fewer: it goes in an email to the student`,
      ),
  },
  // No body at all asks the same.
  { error: ASK_FOR_REASON },
);
export type InstructorCancelLessonRequest = z.input<typeof instructorCancelLessonRequest>;

/**
 * GET /api/instructor/lessons/{id}/cancellation and GET /api/admin/bookings/{id}/cancellation: exactly
 * what cancelling the lesson now would give the student, from the payment as it stands (so the last
 * lesson of a payment shows the remainder it will actually get back).
 */
export const staffCancellationPreviewResponse = z.object({
  tier: z.enum(["full", "half", "none"]),
  refund: studentRefund,
  /** True when a bundle credit would go back to the bundle. */
  creditReturned: z.boolean(),
  /** One sentence for the confirm dialog, about the student. */
  summary: z.string(),
});
export type StaffCancellationPreview = z.infer<typeof staffCancellationPreviewResponse>;

import type { BookAgainResponse } from "@kerb/shared";
import { AppError } from "../../lib/app-error.ts";
import { findStudentBooking } from "../students/index.ts";
import { findPackOfLesson } from "../test-packages/index.ts";
import { bookAgainOffer } from "./book-again-offer.ts";
import type { PortalContext } from "./portal-context.ts";

/**
 * GET /student/lessons/:id/book-again: the offer to repeat one of the learner's own lessons (any status:
 * completed, booked or cancelled, it is only a template). Someone else's lesson is 404 as if absent; a
 * driving-test package is 409 invalid_state (it is planned around a test time, not repeated); an
 * instructor who may no longer be booked there is 409 instructor_unavailable.
 */
export async function getBookAgainOffer(
  ctx: PortalContext,
  studentId: string,
  lessonId: string,
): Promise<BookAgainResponse> {
  const lesson = await findStudentBooking(ctx.db, studentId, lessonId);
  if (!lesson) throw new AppError("not_found", "Lesson not found");
  if (await findPackOfLesson(ctx.db, lessonId)) {
    throw new AppError(
      "invalid_state",
      "This is a driving-test package, which is planned around your test time, so it cannot be booked again. Book a test package for your next test instead.",
      { reason: "test_pack" },
    );
  }
  return { offer: await bookAgainOffer(ctx, studentId, lesson) };
}

import type { AppContext } from "../../context.ts";
import { recordLessonOutcome } from "./lesson-outcome.ts";

/** POST /instructor/lessons/:id/complete: the instructor marks their ended lesson taught. */
export function markLessonCompleted(ctx: AppContext, instructorId: string, lessonId: string) {
  return recordLessonOutcome(ctx, instructorId, lessonId, "complete");
}

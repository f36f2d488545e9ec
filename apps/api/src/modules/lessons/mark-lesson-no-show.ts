import type { AppContext } from "../../context.ts";
import { recordLessonOutcome } from "./lesson-outcome.ts";

/** POST /instructor/lessons/:id/no-show: the instructor marks that the student did not come. */
export function markLessonNoShow(ctx: AppContext, instructorId: string, lessonId: string) {
  return recordLessonOutcome(ctx, instructorId, lessonId, "noShow");
}

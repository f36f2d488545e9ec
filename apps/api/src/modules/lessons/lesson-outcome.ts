/**
 * Marking a lesson taught or a no-show (mark-lesson-completed.ts, mark-lesson-no-show.ts): one path, so
 * the earning, the audit and the student's no-show email follow the same change.
 */
import type { LessonActionResponse } from "@kerb/shared";
import { formatSydneyDate, formatSydneyTime } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { postLessonEarned } from "../ledger/index.ts";
import { enqueueLessonNoShow } from "./emails/index.ts";
import { requireInstructorLesson } from "./lesson-reads.ts";
import { toInstructorLesson } from "./lesson-views.ts";
import { checkLessonTransition, markLessonOutcome } from "./lessons.writes.ts";

/** The instructor's own SCHEDULED lesson, once ended → COMPLETED or NO_SHOW; 409 with the reason if not. */
export async function recordLessonOutcome(
  ctx: AppContext,
  instructorId: string,
  lessonId: string,
  action: "complete" | "noShow",
): Promise<LessonActionResponse> {
  const now = ctx.now();
  const status = action === "complete" ? "COMPLETED" : "NO_SHOW";
  const done = await ctx.transact(async (uow) => {
    const { tx } = uow;
    const marked = await markLessonOutcome(tx, { instructorId, lessonId, action, now });
    // Completed or no-show decides what the instructor earns: audited with the change.
    if (marked) {
      await postLessonEarned(uow, lessonId, status);
      await uow.audit({
        actorId: instructorId,
        action: status === "COMPLETED" ? "booking.complete" : "booking.no_show",
        targetType: "booking",
        targetId: lessonId,
        details: { before: { status: "SCHEDULED" }, after: { status } },
        createdAt: now,
      });
      // The student hears of a no-show at once, with what was kept and how long they have to dispute it.
      if (status === "NO_SHOW") {
        await enqueueLessonNoShow(uow, { bookingId: lessonId, now, appUrl: publicOrigin(ctx.env) });
      }
    }
    return marked;
  });
  const lesson = await requireInstructorLesson(ctx.db, instructorId, lessonId);
  if (done) return { lesson: toInstructorLesson(lesson) };
  // Not changed: either the lifecycle refuses (not scheduled any more), or it has not ended yet.
  checkLessonTransition(action, lesson.status, "INSTRUCTOR");
  const verb = action === "complete" ? "completed" : "a no-show";
  throw new AppError(
    "invalid_state",
    `This lesson can be marked ${verb} once it has ended, at ${formatSydneyTime(lesson.endTime)} on ` +
      `${formatSydneyDate(lesson.endTime)}`,
    { endTime: lesson.endTime.toISOString() },
  );
}

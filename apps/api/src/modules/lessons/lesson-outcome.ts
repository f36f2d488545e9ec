/**
 * Marking a lesson taught or a no-show (mark-lesson-completed.ts, mark-lesson-no-show.ts): one path, so
 * the earning, the audit and the student's no-show email follow the same change.
 */
import type { LessonActionResponse } from "@kerb/shared";
import { formatSydneyDate, formatSydneyTime } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import type { UnitOfWork } from "../../platform/unit-of-work-effects.ts";
import { postLessonEarned } from "../ledger/index.ts";
import { enqueueLessonNoShow } from "./emails/index.ts";
import { requireInstructorLesson } from "./lesson-reads.ts";
import { toInstructorLesson } from "./lesson-views.ts";
import { checkLessonTransition, markLessonOutcome } from "./lessons.writes.ts";

/**
 * In the caller's unit of work: the instructor's own SCHEDULED lesson, once ended → COMPLETED or NO_SHOW,
 * with what it earned, the audit and the student's no-show email. False when nothing changed (not theirs,
 * not scheduled any more, or not ended yet), for the caller to explain. A test pack's outcome
 * (modules/test-pack-outcomes) completes its lesson through here, in the same transaction.
 */
export async function markLessonOutcomeIn(
  uow: UnitOfWork,
  input: {
    instructorId: string;
    lessonId: string;
    action: "complete" | "noShow";
    now: Date;
    /** Where the no-show email's links point. */
    appUrl: string;
  },
): Promise<boolean> {
  const { instructorId, lessonId, action, now, appUrl } = input;
  const status = action === "complete" ? "COMPLETED" : "NO_SHOW";
  const marked = await markLessonOutcome(uow.tx, { instructorId, lessonId, action, now });
  // Completed or no-show decides what the instructor earns: audited with the change.
  if (!marked) return false;
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
    await enqueueLessonNoShow(uow, { bookingId: lessonId, now, appUrl });
  }
  return true;
}

/** The instructor's own SCHEDULED lesson, once ended → COMPLETED or NO_SHOW; 409 with the reason if not. */
export async function recordLessonOutcome(
  ctx: AppContext,
  instructorId: string,
  lessonId: string,
  action: "complete" | "noShow",
): Promise<LessonActionResponse> {
  const now = ctx.now();
  const appUrl = publicOrigin(ctx.env);
  const done = await ctx.transact((uow) =>
    markLessonOutcomeIn(uow, { instructorId, lessonId, action, now, appUrl }),
  );
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

import type { StudentLogbook } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { getLogbook } from "./get-logbook.ts";
import * as repo from "./learning.repository.ts";

/** Takes back a lesson the learner declared; another learner's, or one already gone, is 404. */
export async function removeOutsideLesson(
  ctx: AppContext,
  studentId: string,
  id: string,
): Promise<StudentLogbook> {
  const now = ctx.now();
  await ctx.transact(async (uow) => {
    if (!(await repo.deleteOutsideLesson(uow.tx, studentId, id))) {
      throw new AppError("not_found", "We could not find that lesson in your logbook");
    }
    await uow.audit({
      actorId: studentId,
      action: "logbook.outside_lesson_remove",
      targetType: "user",
      targetId: studentId,
      details: { id },
      createdAt: now,
    });
  });
  return getLogbook(ctx, studentId);
}

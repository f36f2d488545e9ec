import type { StudentLogbook } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { getLogbook } from "./get-logbook.ts";
import * as repo from "./learning.repository.ts";

/** Takes back the learner's Safer Drivers Course (to correct its date); none recorded is 404. */
export async function removeSaferDriversCourse(ctx: AppContext, studentId: string): Promise<StudentLogbook> {
  const now = ctx.now();
  await ctx.transact(async (uow) => {
    const removed = await repo.deleteSaferDriversCourse(uow.tx, studentId);
    if (!removed) throw new AppError("not_found", "No Safer Drivers Course is in your logbook");
    await uow.audit({
      actorId: studentId,
      action: "logbook.safer_drivers_course_remove",
      targetType: "user",
      targetId: studentId,
      details: { completedOn: removed.completedOn },
      createdAt: now,
    });
  });
  return getLogbook(ctx, studentId);
}

/**
 * The learner's completed Safer Drivers Course (issue 31): 20 logbook hours, once. A second is refused by
 * the database (one row per learner) and answered 409 conflict, leaving the first as it was.
 */
import type { SaferDriversCourseRequest, StudentLogbook } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { getLogbook } from "./get-logbook.ts";
import * as repo from "./learning.repository.ts";
import { requireLogbookDate } from "./logbook-declaration-date.ts";

export const SECOND_COURSE_MESSAGE =
  "Your Safer Drivers Course is already in your logbook: it counts once. Remove it first to change its date.";

export async function recordSaferDriversCourse(
  ctx: AppContext,
  studentId: string,
  input: SaferDriversCourseRequest,
): Promise<StudentLogbook> {
  const now = ctx.now();
  requireLogbookDate("completedOn", input.completedOn, now);
  await ctx.transact(async (uow) => {
    if (
      !(await repo.insertSaferDriversCourse(uow.tx, {
        studentId,
        completedOn: input.completedOn,
        createdAt: now,
      }))
    ) {
      throw new AppError("conflict", SECOND_COURSE_MESSAGE);
    }
    await uow.audit({
      actorId: studentId,
      action: "logbook.safer_drivers_course_record",
      targetType: "user",
      targetId: studentId,
      details: { completedOn: input.completedOn },
      createdAt: now,
    });
  });
  return getLogbook(ctx, studentId);
}

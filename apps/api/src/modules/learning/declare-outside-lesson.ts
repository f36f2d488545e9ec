/**
 * A lesson the learner took with another driving school, declared for their logbook (issue 31): it counts
 * as declared, and a structured one shares the 10-hour 3-for-1 cap with their lessons with us.
 */
import type { outsideLessonRequest, StudentLogbook } from "@kerb/shared";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { getLogbook } from "./get-logbook.ts";
import * as repo from "./learning.repository.ts";
import { requireLogbookDate } from "./logbook-declaration-date.ts";

type OutsideLessonInput = z.output<typeof outsideLessonRequest>;

export async function declareOutsideLesson(
  ctx: AppContext,
  studentId: string,
  input: OutsideLessonInput,
): Promise<StudentLogbook> {
  const now = ctx.now();
  requireLogbookDate("date", input.date, now);
  await ctx.transact(async (uow) => {
    const id = await repo.insertOutsideLesson(uow.tx, { studentId, ...input, createdAt: now });
    // The learner vouches for hours on an official record: audited, as an instructor's confirmation is.
    await uow.audit({
      actorId: studentId,
      action: "logbook.outside_lesson_declare",
      targetType: "user",
      targetId: studentId,
      details: { id, date: input.date, minutes: input.minutes, structured: input.structured },
      createdAt: now,
    });
  });
  return getLogbook(ctx, studentId);
}

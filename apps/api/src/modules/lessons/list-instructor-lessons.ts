import type { InstructorLessonsPage } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { listInstructorLessonsPage } from "./lesson-lists.ts";
import { toInstructorLesson } from "./lesson-views.ts";

/** GET /instructor/lessons: the instructor's upcoming or past lessons, a page at a time. */
export async function listInstructorLessons(
  ctx: AppContext,
  instructorId: string,
  query: { scope: "upcoming" | "past"; page: number; pageSize: number },
): Promise<InstructorLessonsPage> {
  const { rows, total } = await listInstructorLessonsPage(ctx.db, instructorId, {
    scope: query.scope,
    now: ctx.now(),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(toInstructorLesson), total, page: query.page, pageSize: query.pageSize };
}

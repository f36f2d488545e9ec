import type { InstructorLessonsPage } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { testPackSummariesOf } from "../test-packages/index.ts";
import { listInstructorLessonsPage } from "./lesson-lists.ts";
import { toInstructorLesson } from "./lesson-views.ts";
import { openMoveProposals } from "./move-proposal-views.ts";

/**
 * GET /instructor/lessons: the instructor's upcoming or past lessons, a page at a time; each upcoming
 * lesson with the new time proposed for it that the student has yet to answer, and a test package's
 * centre, test time and outcome.
 */
export async function listInstructorLessons(
  ctx: AppContext,
  instructorId: string,
  query: { scope: "upcoming" | "past"; page: number; pageSize: number },
): Promise<InstructorLessonsPage> {
  const now = ctx.now();
  const { rows, total } = await listInstructorLessonsPage(ctx.db, instructorId, {
    scope: query.scope,
    now,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const [proposals, packs] = await Promise.all([
    openMoveProposals(
      ctx.db,
      rows.filter((row) => row.status === "SCHEDULED" && row.startTime > now),
      now,
    ),
    testPackSummariesOf(
      ctx.db,
      rows.map((row) => row.id),
    ),
  ]);
  return {
    items: rows.map((row) => ({
      ...toInstructorLesson(row),
      moveProposal: proposals.get(row.id) ?? null,
      testPack: packs.get(row.id) ?? null,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

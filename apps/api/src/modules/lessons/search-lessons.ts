import type { AdminBooking } from "@kerb/shared";
import { addDaysToDate, sydneyMidnight } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { testPackSummariesOf } from "../test-packages/index.ts";
import { listAdminLessons } from "./lesson-lists.ts";
import { toAdminBooking } from "./lesson-views.ts";
import { openMoveProposals } from "./move-proposal-views.ts";

/**
 * GET /admin/bookings: every lesson, filtered, a page at a time, with any move proposal waiting on it and,
 * on a driving-test package, its centre and test time.
 */
export async function searchLessons(
  ctx: AppContext,
  query: {
    page: number;
    pageSize: number;
    status?: AdminBooking["status"];
    from?: string;
    to?: string;
    instructorId?: string;
  },
) {
  const { rows, total } = await listAdminLessons(
    ctx.db,
    {
      status: query.status,
      // Whole Sydney days; the schema has checked both are real dates in order.
      from: query.from ? sydneyMidnight(query.from) : undefined,
      // `to` is inclusive: lessons starting before the next day's midnight.
      to: query.to ? sydneyMidnight(addDaysToDate(query.to, 1)) : undefined,
      instructorId: query.instructorId,
    },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  // A proposal waiting for the student shows on its lesson until it lapses (24 h before the lesson).
  const [proposals, packs] = await Promise.all([
    openMoveProposals(
      ctx.db,
      rows.filter((r) => r.status === "SCHEDULED"),
      ctx.now(),
    ),
    testPackSummariesOf(
      ctx.db,
      rows.map((r) => r.id),
    ),
  ]);
  const items = rows.map((row) => ({
    ...toAdminBooking(row),
    moveProposal: proposals.get(row.id) ?? null,
    testPack: packs.get(row.id) ?? null,
  }));
  return { items, total, page: query.page, pageSize: query.pageSize };
}

import type { AdminInstructor } from "@kerb/shared";
import { addDaysToDate, DOCUMENT_EXPIRY_WARNING_DAYS, sydneyTodayDate } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { type PageQuery, pageOf, pageWindow } from "../../lib/paging.ts";
import { toAdminInstructor } from "./admin-instructor.ts";
import * as repo from "./compliance.repository.ts";

/** GET /admin/instructors: instructors with their verification and document dates, by status, search and flag. */
export async function listAdminInstructors(
  ctx: AppContext,
  query: PageQuery & {
    status?: AdminInstructor["verificationStatus"];
    search?: string;
    sort: repo.AdminInstructorFilter["sort"];
    flagged?: boolean;
  },
) {
  const today = sydneyTodayDate(ctx.now());
  const { rows, total } = await repo.listAdminInstructors(
    ctx.db,
    {
      status: query.status,
      search: query.search || undefined,
      sort: query.sort,
      // The same window as the `expiringSoon` flag (rules/instructor-listing.ts).
      flaggedUntil: query.flagged ? addDaysToDate(today, DOCUMENT_EXPIRY_WARNING_DAYS) : undefined,
    },
    pageWindow(query),
  );
  return pageOf(
    rows.map((row) => toAdminInstructor(ctx, row)),
    total,
    query,
  );
}

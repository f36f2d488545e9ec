import type { AdminPassPromiseClaimsResponse, TestPackClaimStatus } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { type PageQuery, pageOf, pageWindow } from "../../lib/paging.ts";
import * as repo from "./test-pack-outcomes.repository.ts";
import { toAdminClaim } from "./test-pack-views.ts";

/**
 * GET /admin/test-pack-claims: the pass promise's claims, oldest first, with the recorded outcome and
 * the learner's completed lessons as the promise counts them now.
 */
export async function listPassPromiseClaims(
  ctx: AppContext,
  query: PageQuery & { status?: TestPackClaimStatus | undefined },
): Promise<AdminPassPromiseClaimsResponse> {
  const { rows, total } = await repo.listClaimsForAdmin(ctx.db, { status: query.status }, pageWindow(query));
  const lessons = await repo.countCompletedLessonsOf(ctx.db, [...new Set(rows.map((r) => r.studentId))]);
  const items = rows.map((row) => toAdminClaim(row, lessons.get(row.studentId) ?? 0));
  return pageOf(items, total, query);
}

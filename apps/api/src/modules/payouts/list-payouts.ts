import type { AdminPayoutsResponse } from "@kerb/shared";
import { centsToDollars, instructorPayTotals } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { toAdminPayout, UNREGISTERED } from "./payout-views.ts";
import * as repo from "./payouts.repository.ts";

/** GET /admin/payouts: payouts a page at a time, with totals by status and what is accruing. */
export async function listPayouts(
  ctx: AppContext,
  query: {
    status?: repo.PayoutStatus;
    page: number;
    pageSize: number;
  },
): Promise<AdminPayoutsResponse> {
  const [{ rows, total }, byStatus, unpaidGroups] = await Promise.all([
    repo.listPayouts(
      ctx.db,
      { status: query.status },
      { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    ),
    repo.payoutTotalsByStatus(ctx.db),
    repo.unpaidEarningsByAmount(ctx.db),
  ]);
  const statusTotal = (status: repo.PayoutStatus) => {
    const found = byStatus.find((s) => s.status === status);
    return { count: found?.count ?? 0, amount: centsToDollars(found?.amountCents ?? 0) };
  };
  // Accruing is counted at the share (ex GST): GST is fixed per instructor when a payout is made up.
  const accruing = instructorPayTotals(unpaidGroups, UNREGISTERED);
  return {
    items: rows.map(toAdminPayout),
    total,
    page: query.page,
    pageSize: query.pageSize,
    summary: {
      pending: statusTotal("PENDING"),
      paid: statusTotal("PAID"),
      failed: statusTotal("FAILED"),
      accruing: {
        instructors: new Set(unpaidGroups.map((g) => g.instructorId)).size,
        lessons: accruing.lessons,
        amount: centsToDollars(accruing.totalCents),
      },
    },
  };
}

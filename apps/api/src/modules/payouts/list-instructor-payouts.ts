import type { InstructorPayoutsResponse } from "@kerb/shared";
import { centsToDollars, instructorPayTotals } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { getPayoutDetails } from "./get-payout-details.ts";
import { toInstructorPayout } from "./payout-views.ts";
import * as repo from "./payouts.repository.ts";

/** GET /instructor/payouts: the instructor's payouts, their payout details, and what is unpaid or held. */
export async function listInstructorPayouts(
  ctx: AppContext,
  instructorId: string,
): Promise<InstructorPayoutsResponse> {
  const [rows, payoutDetails, unpaidGroups, heldGroups] = await Promise.all([
    repo.instructorPayouts(ctx.db, instructorId),
    getPayoutDetails(ctx, instructorId),
    repo.unpaidEarningsByAmount(ctx.db, instructorId),
    repo.unpaidEarningsByAmount(ctx.db, instructorId, true),
  ]);
  const inDollars = (t: ReturnType<typeof instructorPayTotals>) => ({
    lessons: t.lessons,
    gross: centsToDollars(t.grossCents),
    fee: centsToDollars(t.feeCents),
    net: centsToDollars(t.shareCents),
    gst: centsToDollars(t.gstCents),
    total: centsToDollars(t.totalCents),
  });
  return {
    payouts: rows.map(toInstructorPayout),
    details: payoutDetails,
    unpaid: inDollars(instructorPayTotals(unpaidGroups, payoutDetails)),
    held: inDollars(instructorPayTotals(heldGroups, payoutDetails)),
  };
}

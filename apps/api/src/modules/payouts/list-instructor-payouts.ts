import type { InstructorPayoutsResponse } from "@kerb/shared";
import {
  centsToDollars,
  gstRegisteredOn,
  type InstructorPayTotals,
  instructorPayTotals,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { getPayoutDetails } from "./get-payout-details.ts";
import { toInstructorPayout } from "./payout-views.ts";
import * as repo from "./payouts.repository.ts";
import { gstRegistrationsOf } from "./rcti.repository.ts";

/** GET /instructor/payouts: the instructor's payouts, their payout details, and what is unpaid or held. */
export async function listInstructorPayouts(
  ctx: AppContext,
  instructorId: string,
): Promise<InstructorPayoutsResponse> {
  const [rows, payoutDetails, unpaidGroups, heldGroups, registrations] = await Promise.all([
    repo.instructorPayouts(ctx.db, instructorId),
    getPayoutDetails(ctx, instructorId),
    repo.unpaidEarningsByDayAndAmount(ctx.db, instructorId),
    repo.unpaidEarningsByDayAndAmount(ctx.db, instructorId, true),
    gstRegistrationsOf(ctx.db, instructorId),
  ]);
  // Each lesson's GST as the payout run will apply it: by the registration on the day it was taught,
  // not by today's (a lesson before the date of effect carries none).
  const totalsOf = (groups: ReadonlyArray<{ day: string; grossCents: number; lessons: number }>) => {
    const onDay = (registered: boolean) =>
      instructorPayTotals(
        groups.filter((g) => gstRegisteredOn(registrations, g.day) === registered),
        { abn: payoutDetails.abn, gstRegistered: registered },
      );
    return addTotals(onDay(true), onDay(false));
  };
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
    unpaid: inDollars(totalsOf(unpaidGroups)),
    held: inDollars(totalsOf(heldGroups)),
  };
}

function addTotals(a: InstructorPayTotals, b: InstructorPayTotals): InstructorPayTotals {
  return {
    lessons: a.lessons + b.lessons,
    grossCents: a.grossCents + b.grossCents,
    feeCents: a.feeCents + b.feeCents,
    shareCents: a.shareCents + b.shareCents,
    gstCents: a.gstCents + b.gstCents,
    totalCents: a.totalCents + b.totalCents,
  };
}

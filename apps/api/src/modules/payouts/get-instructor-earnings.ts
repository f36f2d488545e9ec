import type { InstructorEarnings } from "@kerb/shared";
import { centsToDollars, chargesGst, payoutHoldOf } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { type EarningsCents, summarizeEarnings } from "./earnings.ts";
import { UNREGISTERED } from "./payout-views.ts";
import * as repo from "./payouts.repository.ts";

const earningsInDollars = (e: EarningsCents) => ({
  lessons: e.lessons,
  gross: centsToDollars(e.grossCents),
  platformFee: centsToDollars(e.platformFeeCents),
  net: centsToDollars(e.netCents),
  gst: centsToDollars(e.gstCents),
  total: centsToDollars(e.netCents + e.gstCents),
});

/** GET /instructor/earnings: earnings per Sydney month of the lesson start, newest first, and the totals. */
export async function getInstructorEarnings(
  ctx: AppContext,
  instructorId: string,
): Promise<InstructorEarnings> {
  const [groups, payee] = await Promise.all([
    repo.earningLessonsByMonthAndAmount(ctx.db, instructorId),
    repo.findPayee(ctx.db, instructorId),
  ]);
  const status = payee ?? UNREGISTERED;
  const { months, totals } = summarizeEarnings(groups, status);
  return {
    months: months.map((m) => ({ month: m.month, ...earningsInDollars(m) })),
    totals: earningsInDollars(totals),
    gstRegistered: chargesGst(status),
    payoutHold: payee ? payoutHoldOf(payee) : "abn_missing",
  };
}

import type { InstructorEarnings } from "@kerb/shared";
import { centsToDollars, chargesGst, payoutHoldOf, testPackLineLabel } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { type EarningsCents, earningLine, summarizeEarnings } from "./earnings.ts";
import { UNREGISTERED } from "./payout-views.ts";
import * as repo from "./payouts.repository.ts";

const moneyInDollars = (e: Omit<EarningsCents, "lessons" | "testPacks">) => ({
  gross: centsToDollars(e.grossCents),
  platformFee: centsToDollars(e.platformFeeCents),
  net: centsToDollars(e.netCents),
  gst: centsToDollars(e.gstCents),
  total: centsToDollars(e.netCents + e.gstCents),
});
const earningsInDollars = (e: EarningsCents) => ({
  lessons: e.lessons,
  testPacks: e.testPacks,
  ...moneyInDollars(e),
});

/**
 * GET /instructor/earnings: earnings per Sydney month of the lesson start, newest first, and the totals;
 * each driving-test package also as its own line, named as its RCTI names it.
 */
export async function getInstructorEarnings(
  ctx: AppContext,
  instructorId: string,
): Promise<InstructorEarnings> {
  const [groups, packs, payee] = await Promise.all([
    repo.earningLessonsByMonthAndAmount(ctx.db, instructorId),
    repo.earningTestPacks(ctx.db, instructorId),
    repo.findPayee(ctx.db, instructorId),
  ]);
  const status = payee ?? UNREGISTERED;
  const { months, totals } = summarizeEarnings(groups, status);
  return {
    months: months.map((m) => ({ month: m.month, ...earningsInDollars(m) })),
    totals: earningsInDollars(totals),
    testPacks: packs.map((pack) => ({
      bookingId: pack.bookingId,
      description: testPackLineLabel(pack),
      testAt: pack.testAt.toISOString(),
      status: pack.status,
      ...moneyInDollars(earningLine(pack, status)),
    })),
    gstRegistered: chargesGst(status),
    payoutHold: payee ? payoutHoldOf(payee) : "abn_missing",
  };
}

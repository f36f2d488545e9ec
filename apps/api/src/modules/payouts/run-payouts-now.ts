import type { PayoutRunResponse } from "@kerb/shared";
import { centsToDollars } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { runPayouts } from "./payout-run.ts";

/**
 * POST /admin/payouts/run: the weekly payout run now, by an operator: pays the Sydney week that ended
 * last (idempotent, audited).
 */
export async function runPayoutsNow(ctx: AppContext, actorId: string | null): Promise<PayoutRunResponse> {
  const result = await runPayouts(ctx, ctx.now(), actorId);
  return {
    period: result.period,
    created: result.created,
    skippedWithoutAccount: result.skippedWithoutAccount,
    skippedWithoutAbn: result.skippedWithoutAbn,
    skippedWithoutAgreement: result.skippedWithoutAgreement,
    payouts: result.payouts.map((p) => ({
      id: p.id,
      instructorId: p.instructorId,
      amount: centsToDollars(p.amountCents),
      status: p.status,
      lessons: p.lessonCount,
    })),
  };
}

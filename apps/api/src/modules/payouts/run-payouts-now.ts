import type { PayoutRunResponse } from "@kerb/shared";
import { centsToDollars } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { recordedRun } from "../../platform/jobs/job-runs.ts";
import { PAYOUT_RUN_JOB, runPayouts } from "./payout-run.ts";

/**
 * POST /admin/payouts/run: the weekly payout run now, by an operator: pays the Sydney week that ended
 * last (idempotent, audited). Recorded as a run of the scheduled job, so its last-success and failure
 * series (and the admin's Jobs page) show it.
 */
export async function runPayoutsNow(ctx: AppContext, actorId: string | null): Promise<PayoutRunResponse> {
  const result = await recordedRun(
    ctx.db,
    PAYOUT_RUN_JOB,
    () => runPayouts(ctx, ctx.now(), actorId),
    ctx.log,
  );
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

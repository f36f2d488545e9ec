import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { scheduleJob } from "../../platform/jobs/scheduled-job.ts";
import { PAYOUT_RUN_JOB, runPayouts } from "./payout-run.ts";

/**
 * Tries the weekly payout run on a timer, in one replica per tick. A run pays the Sydney week that
 * ended last, so it does real work once a week and is a no-op otherwise; each instructor's payout is
 * also created under its own advisory lock and (instructor, period) is unique, so an admin's manual run
 * overlapping a tick cannot pay twice.
 */
export function startPayoutRun(app: FastifyInstance, ctx: AppContext, intervalSeconds: number) {
  scheduleJob(app, ctx.database, {
    name: PAYOUT_RUN_JOB,
    intervalSeconds,
    async run() {
      const result = await runPayouts(ctx, ctx.now(), null);
      if (result.created > 0) {
        app.log.info({ period: result.period, created: result.created }, "payouts created");
      }
    },
  });
}

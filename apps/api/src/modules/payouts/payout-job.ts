import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { runPayouts } from "./payout-run.ts";

/**
 * Tries the weekly payout run on a timer. A run pays the Sydney week that ended last, so it does real
 * work once a week and is a no-op otherwise; several API processes may tick at once because each
 * instructor's payout is created under an advisory lock and (instructor, period) is unique. Overlapping
 * ticks of one process are skipped, not stacked.
 */
export function startPayoutRun(app: FastifyInstance, ctx: AppContext, intervalSeconds: number) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runPayouts(ctx, ctx.now(), null)
      .then((result) => {
        if (result.created > 0)
          app.log.info({ period: result.period, created: result.created }, "payouts created");
      })
      .catch((err) => app.log.warn({ err }, "payout run tick failed"))
      .finally(() => {
        running = false;
      });
  }, intervalSeconds * 1000);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}

import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { type ScheduledJob, scheduleJob } from "../../platform/jobs/scheduled-job.ts";
import { type ScanContext, type ScanOutcome, scanTimeAlerts } from "./scan-time-alerts.ts";

/** The scan as a scheduled job (one replica per tick, recorded in job_runs). */
export function timeAlertsJob(
  ctx: ScanContext,
  intervalSeconds: number,
  onScanned: (outcome: ScanOutcome) => void = () => {},
): ScheduledJob {
  return {
    name: "time-alerts",
    intervalSeconds,
    run: async () => onScanned(await scanTimeAlerts(ctx)),
  };
}

export function startTimeAlertScan(app: FastifyInstance, ctx: AppContext, intervalSeconds: number) {
  scheduleJob(
    app,
    ctx.database,
    timeAlertsJob(ctx, intervalSeconds, (outcome) => {
      if (outcome.notified + outcome.ended > 0) app.log.info(outcome, "earlier-time alerts scanned");
    }),
  );
}

import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { scheduleJob } from "../../platform/jobs/scheduled-job.ts";
import { runComplianceScan } from "./run-compliance-scan.ts";

/**
 * Looks for lapsed documents and delisted instructors' lessons on a timer, in one replica per tick;
 * every email it writes is deduplicated too, so a manual scan overlapping a tick is harmless.
 */
export function startComplianceScan(app: FastifyInstance, ctx: AppContext, intervalSeconds: number) {
  scheduleJob(app, ctx.database, {
    name: "compliance-scan",
    intervalSeconds,
    async run() {
      const result = await runComplianceScan(ctx);
      // Its emails go out after each instructor's unit of work commits.
      if (result.instructorsNotified + result.studentsNotified > 0) {
        app.log.info(result, "compliance scan sent notices");
      }
    },
  });
}

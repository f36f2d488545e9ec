import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { type ScheduledJob, scheduleJob } from "../../lib/scheduled-job.ts";
import { expireStaleHolds } from "./holds.repository.ts";

/**
 * Releases lapsed checkout holds. Correctness does not depend on it (bookings expire stale holds lazily
 * in their own transaction); it keeps listings and reports tidy. `onSwept` hears how many it released.
 */
export function holdSweepJob(
  ctx: Pick<AppContext, "db" | "now">,
  intervalSeconds: number,
  onSwept: (expired: number) => void,
): ScheduledJob {
  return {
    name: "hold-sweep",
    intervalSeconds,
    run: async () => onSwept(await expireStaleHolds(ctx.db, ctx.now())),
  };
}

/** The sweep on a timer, in one replica per tick. */
export function startHoldSweep(app: FastifyInstance, ctx: AppContext, intervalSeconds: number) {
  scheduleJob(
    app,
    ctx.database,
    holdSweepJob(ctx, intervalSeconds, (expired) => {
      if (expired > 0) app.log.info({ expired }, "released lapsed checkout holds");
    }),
  );
}

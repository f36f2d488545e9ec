import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { type ScheduledJob, scheduleJob } from "../../platform/jobs/scheduled-job.ts";
import { expirePendingPayments } from "../payments/index.ts";
import { releaseLapsedHolds } from "./lessons.writes.ts";

/**
 * Releases checkout holds older than their expiry: the lessons become EXPIRED (the slot is free again)
 * and their unpaid payments EXPIRED with them. Returns how many lessons it released.
 */
export async function sweepLapsedHolds(db: Executor, now: Date): Promise<number> {
  const released = await releaseLapsedHolds(db, now);
  await expirePendingPayments(db, released.paymentIds);
  return released.count;
}

/**
 * Releases lapsed checkout holds. Correctness does not depend on it (bookings release lapsed holds
 * lazily when one is in their way); it keeps listings and reports tidy. `onSwept` hears how many it released.
 */
export function holdSweepJob(
  ctx: Pick<AppContext, "db" | "now">,
  intervalSeconds: number,
  onSwept: (expired: number) => void,
): ScheduledJob {
  return {
    name: "hold-sweep",
    intervalSeconds,
    run: async () => onSwept(await sweepLapsedHolds(ctx.db, ctx.now())),
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

import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { scheduleJob } from "../../platform/jobs/scheduled-job.ts";
import { deliverDueCardRefunds } from "./refund-queue.ts";

/**
 * Retries queued card refunds whose backoff has passed, in one replica per tick (each refund is also
 * claimed with a lease, so even a manual "retry now" elsewhere never sends it twice).
 */
export function startRefundWorker(app: FastifyInstance, ctx: AppContext, intervalSeconds: number) {
  scheduleJob(app, ctx.database, {
    name: "refund-worker",
    intervalSeconds,
    run: () => deliverDueCardRefunds(ctx),
  });
}

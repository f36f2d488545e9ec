import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { deliverDueCardRefunds } from "./refund-queue.ts";

/** Retries queued card refunds whose backoff has passed. Overlapping ticks are skipped, not stacked. */
export function startRefundWorker(app: FastifyInstance, ctx: AppContext, intervalSeconds: number) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deliverDueCardRefunds(ctx)
      .catch((err) => app.log.warn({ err }, "refund worker tick failed"))
      .finally(() => {
        running = false;
      });
  }, intervalSeconds * 1000);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}

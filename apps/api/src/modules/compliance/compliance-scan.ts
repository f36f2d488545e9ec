import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { kickOutboxDelivery } from "../notifications/outbox-delivery.ts";
import { runComplianceScan } from "./compliance.service.ts";

/**
 * Looks for lapsed documents and delisted instructors' lessons on a timer. Overlapping ticks are
 * skipped; several processes may run it at once, since every email it writes is deduplicated.
 */
export function startComplianceScan(app: FastifyInstance, ctx: AppContext, intervalSeconds: number) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runComplianceScan(ctx)
      .then((result) => {
        if (result.instructorsNotified + result.studentsNotified > 0) {
          app.log.info(result, "compliance scan sent notices");
          kickOutboxDelivery(ctx);
        }
      })
      .catch((err) => app.log.warn({ err }, "compliance scan tick failed"))
      .finally(() => {
        running = false;
      });
  }, intervalSeconds * 1000);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}

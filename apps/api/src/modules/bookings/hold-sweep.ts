import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { expireStaleHolds } from "./holds.repository.ts";

/**
 * Periodically releases lapsed checkout holds. Correctness does not depend on it (bookings expire
 * stale holds lazily in their own transaction); it keeps listings and reports tidy.
 */
export function startHoldSweep(app: FastifyInstance, ctx: AppContext, intervalSeconds: number) {
  const timer = setInterval(() => {
    expireStaleHolds(ctx.db, ctx.now())
      .then((n) => {
        if (n > 0) app.log.info({ expired: n }, "released lapsed checkout holds");
      })
      .catch((err) => app.log.warn({ err }, "hold sweep failed"));
  }, intervalSeconds * 1000);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}

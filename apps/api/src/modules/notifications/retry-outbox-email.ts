import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { toAdminMessage } from "./admin-outbox-message.ts";
import * as repo from "./notifications.repository.ts";
import { deliverDueEmails } from "./outbox-delivery.ts";

async function findOutboxEmail(ctx: AppContext, id: string) {
  const row = await repo.findOutboxMessage(ctx.db, id);
  if (!row) throw new AppError("not_found", "Email not found");
  return row;
}

/**
 * POST /admin/outbox/:id/retry: the operator's "retry now" for a FAILED email, one attempt at once,
 * awaited so they see how it went (audited).
 */
export async function retryOutboxEmail(ctx: AppContext, id: string, adminId: string) {
  const before = await findOutboxEmail(ctx, id);
  if (before.status !== "FAILED" || !(await repo.outboxQueue.requeue(ctx.db, id, ctx.now()))) {
    throw new AppError(
      "invalid_state",
      before.status === "SENT" ? "This email has already been sent" : "This email is still being delivered",
      { status: before.status },
    );
  }
  const report = await deliverDueEmails(ctx, { ids: [id] });
  await ctx.transact((uow) =>
    uow.audit({
      actorId: adminId,
      action: "outbox.retry",
      targetType: "outbox",
      targetId: id,
      details: {
        outcome: report.sent > 0 ? "sent" : "failed",
        kind: before.kind,
        to: before.toEmail,
        attempts: before.attempts,
      },
      createdAt: ctx.now(),
    }),
  );
  return { message: toAdminMessage(await findOutboxEmail(ctx, id)) };
}

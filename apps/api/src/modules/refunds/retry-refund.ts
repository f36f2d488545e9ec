import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { toAdminRefund } from "./admin-refund.ts";
import { attemptCardRefund } from "./refund-queue.ts";
import * as repo from "./refunds.repository.ts";

async function findRefund(ctx: AppContext, id: string) {
  const row = await repo.findRefundForAdmin(ctx.db, id);
  if (!row) throw new AppError("not_found", "Refund not found");
  return row;
}

/**
 * POST /admin/refunds/:id/retry: the operator's "retry now", one attempt at once whatever the backoff
 * says (audited).
 *
 * "Retry now" skips the queue's lease (refund-queue.ts), so retries of one refund take a lock of their
 * own, in every replica: a double-click or a burst of retries calls the card provider once, and the
 * others are told it is under way. The refund is read under the lock, so a retry just after one that
 * went through sees it gone through.
 */
export async function retryRefund(ctx: AppContext, id: string, adminId: string) {
  const release = await ctx.database.tryExclusiveLock(`card-refund-retry:${id}`);
  if (!release) {
    throw new AppError(
      "invalid_state",
      "This refund is being sent to the card provider right now: look again in a moment",
    );
  }
  try {
    const before = await findRefund(ctx, id);
    if (before.refund.status !== "PENDING") {
      throw new AppError("invalid_state", "This refund has already gone through");
    }
    const outcome = await attemptCardRefund(ctx, id, { ignoreSchedule: true });
    await ctx.transact((uow) =>
      uow.audit({
        actorId: adminId,
        action: "refund.retry",
        targetType: "refund",
        targetId: id,
        details: { outcome, amountCents: before.refund.amountCents, paymentId: before.payment.id },
        createdAt: ctx.now(),
      }),
    );
    return { refund: toAdminRefund(await findRefund(ctx, id)) };
  } finally {
    await release();
  }
}

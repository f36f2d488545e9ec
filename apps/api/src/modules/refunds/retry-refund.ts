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
 */
export async function retryRefund(ctx: AppContext, id: string, adminId: string) {
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
}

import type { AdminRefund, adminRefundsQuery } from "@kerb/shared";
import { centsToDollars } from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { attemptCardRefund } from "./refund-queue.ts";
import * as repo from "./refunds.repository.ts";

function toAdminRefund({ refund, payment, student }: repo.RefundListRow): AdminRefund {
  return {
    id: refund.id,
    status: refund.status,
    reason: refund.reason,
    amount: centsToDollars(refund.amountCents),
    attempts: refund.attempts,
    nextAttemptAt: refund.status === "PENDING" ? refund.nextAttemptAt.toISOString() : null,
    lastError: refund.lastError,
    createdAt: refund.createdAt.toISOString(),
    succeededAt: refund.succeededAt?.toISOString() ?? null,
    bookingId: refund.bookingId,
    payment,
    student,
  };
}

export function createRefundService(ctx: AppContext) {
  async function findOne(id: string) {
    const row = await repo.findRefundForAdmin(ctx.db, id);
    if (!row) throw new AppError("not_found", "Refund not found");
    return row;
  }

  return {
    async list(query: z.output<typeof adminRefundsQuery>) {
      const { rows, total } = await repo.listRefunds(ctx.db, {
        status: query.status,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: rows.map(toAdminRefund), total, page: query.page, pageSize: query.pageSize };
    },

    /** The operator's "retry now": one attempt at once, whatever the backoff says. */
    async retry(id: string, adminId: string) {
      const before = await findOne(id);
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
      return { refund: toAdminRefund(await findOne(id)) };
    },
  };
}

import type { AdminRefund } from "@kerb/shared";
import { centsToDollars } from "@kerb/shared/rules";
import type * as repo from "./refunds.repository.ts";

/** A card refund as the operator console shows it. */
export function toAdminRefund({ refund, payment, student }: repo.RefundListRow): AdminRefund {
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

import type { RefundStatus } from "@kerb/shared";
import { count, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { cardRefunds, payments, users } from "../../db/schema/index.ts";
import { workQueue } from "../../platform/jobs/work-queue.ts";
import type { NewRefund } from "../../platform/unit-of-work-effects.ts";

/** Queues a card refund; call it inside the transaction that decides the refund. */
export async function insertRefund(db: Executor, refund: NewRefund): Promise<string> {
  const [row] = await db
    .insert(cardRefunds)
    .values({
      paymentId: refund.paymentId,
      bookingId: refund.bookingId,
      amountCents: refund.amountCents,
      gstCents: refund.gstCents,
      reason: refund.reason,
      nextAttemptAt: refund.now,
      createdAt: refund.now,
    })
    .returning({ id: cardRefunds.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

/** How long a claimed delivery is left alone before another worker may try it (a crash mid-call). */
const DELIVERY_LEASE_MS = 5 * 60_000;

/**
 * The card-refund queue as a work queue (platform/jobs/work-queue.ts): claimed with a lease, SUCCEEDED once the
 * provider took it, and never given up on (a refund owed is retried until it goes through).
 */
export const refundQueue = workQueue(cardRefunds, {
  pending: "PENDING",
  done: "SUCCEEDED",
  leaseMs: DELIVERY_LEASE_MS,
});

const listColumns = {
  refund: cardRefunds,
  payment: { id: payments.id, invoiceNumber: payments.invoiceNumber, provider: payments.provider },
  student: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
};

export async function listRefunds(
  db: Executor,
  filter: { status?: RefundStatus; limit: number; offset: number },
) {
  const where = filter.status ? eq(cardRefunds.status, filter.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(cardRefunds)
      .innerJoin(payments, eq(payments.id, cardRefunds.paymentId))
      .innerJoin(users, eq(users.id, payments.userId))
      .where(where)
      // Refunds still owed first, oldest first; then the settled ones, newest first.
      .orderBy(
        sql`case when ${cardRefunds.status} = 'PENDING' then 0 else 1 end`,
        sql`case when ${cardRefunds.status} = 'PENDING' then ${cardRefunds.createdAt} end asc`,
        desc(cardRefunds.createdAt),
      )
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(cardRefunds).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findRefundForAdmin(db: Executor, id: string) {
  const [row] = await db
    .select(listColumns)
    .from(cardRefunds)
    .innerJoin(payments, eq(payments.id, cardRefunds.paymentId))
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(cardRefunds.id, id))
    .limit(1);
  return row;
}

export type RefundListRow = NonNullable<Awaited<ReturnType<typeof findRefundForAdmin>>>;

export type { NewRefund } from "../../platform/unit-of-work-effects.ts";

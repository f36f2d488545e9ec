import type { RefundReason, RefundStatus } from "@kerb/shared";
import { and, asc, count, desc, eq, lte, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { cardRefunds, payments, users } from "../../db/schema/index.ts";

export type RefundRow = typeof cardRefunds.$inferSelect;

export interface NewRefund {
  paymentId: string;
  bookingId: string | null;
  amountCents: number;
  /** The GST part of amountCents (rules/payment-refunds.ts decides it; stored, never re-derived). */
  gstCents: number;
  reason: RefundReason;
  now: Date;
}

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

/**
 * Claims one PENDING refund for delivery, or nothing if another process holds it or it is not due.
 * SKIP LOCKED: two workers never wait on, or both take, the same row.
 */
export async function claimRefund(
  db: Executor,
  id: string,
  options: { now: Date; ignoreSchedule: boolean },
): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(cardRefunds)
    .where(
      and(
        eq(cardRefunds.id, id),
        eq(cardRefunds.status, "PENDING"),
        options.ignoreSchedule ? undefined : lte(cardRefunds.nextAttemptAt, options.now),
      ),
    )
    .for("update", { skipLocked: true });
  return row;
}

export async function updateRefund(
  db: Executor,
  id: string,
  patch: Partial<typeof cardRefunds.$inferInsert>,
) {
  await db.update(cardRefunds).set(patch).where(eq(cardRefunds.id, id));
}

/** PENDING → SUCCEEDED, once: false when another delivery recorded the success first. */
export async function markRefundSucceeded(
  db: Executor,
  id: string,
  result: { succeededAt: Date; providerRef: string | null },
): Promise<boolean> {
  const rows = await db
    .update(cardRefunds)
    .set({
      status: "SUCCEEDED",
      succeededAt: result.succeededAt,
      providerRef: result.providerRef,
      lastError: null,
    })
    .where(and(eq(cardRefunds.id, id), eq(cardRefunds.status, "PENDING")))
    .returning({ id: cardRefunds.id });
  return rows.length === 1;
}

export async function listDueRefundIds(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: cardRefunds.id })
    .from(cardRefunds)
    .where(and(eq(cardRefunds.status, "PENDING"), lte(cardRefunds.nextAttemptAt, now)))
    .orderBy(asc(cardRefunds.nextAttemptAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

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

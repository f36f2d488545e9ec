import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bookings, bundles, paymentEvents, payments } from "../../db/schema/index.ts";
import type { PaymentRow } from "../payments/payments.repository.ts";

/** Locks the payment row for the rest of the transaction: concurrent fulfilments queue up here. */
export async function lockPayment(db: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for("update");
  return row;
}

/**
 * Held lessons of a payment become real lessons and the payment PAID, in one statement; returns how
 * many lessons it scheduled. Each lesson is re-checked as it is updated (still PENDING_PAYMENT), so a
 * caller that expects more than it gets knows a lesson was released meanwhile and must roll back.
 */
export async function scheduleLessonsAndMarkPaid(db: Executor, paymentId: string, paidAt: Date) {
  const scheduled = db.$with("scheduled").as(
    db
      .update(bookings)
      .set({ status: "SCHEDULED", holdExpiresAt: null })
      .where(and(eq(bookings.paymentId, paymentId), eq(bookings.status, "PENDING_PAYMENT")))
      .returning({ id: bookings.id }),
  );
  const [row] = await db
    .with(scheduled)
    .update(payments)
    .set({ status: "PAID", paidAt })
    .where(eq(payments.id, paymentId))
    .returning({ scheduled: sql<number>`(select count(*)::int from ${scheduled})` });
  return row?.scheduled ?? 0;
}

/** The payment will not go through: its held lessons free their slots. */
export async function expireLessonsOfPayment(db: Executor, paymentId: string) {
  await db
    .update(bookings)
    .set({ status: "EXPIRED" })
    .where(and(eq(bookings.paymentId, paymentId), eq(bookings.status, "PENDING_PAYMENT")));
}

export async function insertBundle(db: Executor, values: typeof bundles.$inferInsert) {
  await db.insert(bundles).values(values).onConflictDoNothing({ target: bundles.paymentId });
}

/**
 * Records a provider event once; false when it was seen before (providers retry webhooks). Call it
 * in the fulfilment's transaction: if fulfilment fails, the record rolls back too and the retry counts.
 */
export async function recordPaymentEvent(
  db: Executor,
  event: typeof paymentEvents.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing({ target: paymentEvents.eventId })
    .returning({ id: paymentEvents.id });
  return rows.length === 1;
}

import type { PaymentRefundState } from "@kerb/shared/rules";
import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { bookings, bundles, payments, users } from "../../db/schema/index.ts";

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findPayment(db: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

export async function updatePayment(db: Executor, id: string, patch: Partial<typeof payments.$inferInsert>) {
  await db.update(payments).set(patch).where(eq(payments.id, id));
}

const instructor = alias(users, "instructor");

export function listPaymentLessons(db: Executor, paymentId: string) {
  return db
    .select({
      id: bookings.id,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      status: bookings.status,
      priceCents: bookings.priceCents,
      isPoolHours: bookings.isPoolHours,
      pickupLocation: bookings.pickupLocation,
      holdExpiresAt: bookings.holdExpiresAt,
      instructor: { id: instructor.id, firstName: instructor.firstName, lastName: instructor.lastName },
    })
    .from(bookings)
    .innerJoin(instructor, eq(instructor.id, bookings.instructorId))
    .where(eq(bookings.paymentId, paymentId))
    .orderBy(asc(bookings.startTime));
}

export async function findBundleOfPayment(db: Executor, paymentId: string) {
  const [row] = await db.select().from(bundles).where(eq(bundles.paymentId, paymentId)).limit(1);
  return row;
}

const refundStateColumns = {
  subtotalCents: payments.subtotalCents,
  gstCents: payments.gstCents,
  amountCents: payments.amountCents,
  refundedCents: payments.refundedCents,
  refundedGstCents: payments.refundedGstCents,
};

/**
 * What a payment charged and has given back, for the next refund's amount (rules/payment-refunds.ts).
 * `lock`: held until the transaction ends, so two cancellations of one payment's lessons refund in turn
 * and the second sees the first's refund.
 */
export async function findPaymentRefundState(
  db: Executor,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<PaymentRefundState | undefined> {
  const query = db.select(refundStateColumns).from(payments).where(eq(payments.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

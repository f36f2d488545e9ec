import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bookings, bundles, payments } from "../../db/schema/index.ts";

// Cancellation bookkeeping, for lesson-cancellation.ts: every write happens in the caller's transaction.

export async function lockBookingForCancellation(tx: Executor, bookingId: string) {
  const [row] = await tx
    .select({
      id: bookings.id,
      status: bookings.status,
      startTime: bookings.startTime,
      priceCents: bookings.priceCents,
      paymentId: bookings.paymentId,
      bundleId: bookings.bundleId,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for("update");
  return row;
}

export async function markBookingCancelled(
  tx: Executor,
  input: {
    bookingId: string;
    now: Date;
    cancelledBy: "STUDENT" | "INSTRUCTOR" | "ADMIN";
    refundCents: number;
  },
) {
  await tx
    .update(bookings)
    .set({
      status: "CANCELLED",
      cancelledAt: input.now,
      cancelledBy: input.cancelledBy,
      refundCents: input.refundCents,
    })
    .where(eq(bookings.id, input.bookingId));
}

/** Gives one lesson back to the bundle it was paid from. */
export async function returnBundleCredit(tx: Executor, bundleId: string) {
  await tx
    .update(bundles)
    .set({ usedLessons: sql`greatest(${bundles.usedLessons} - 1, 0)` })
    .where(eq(bundles.id, bundleId));
}

/** Records a refund against the payment; never more than was charged. */
export async function addPaymentRefund(tx: Executor, paymentId: string, cents: number) {
  await tx
    .update(payments)
    .set({ refundedCents: sql`least(${payments.refundedCents} + ${cents}, ${payments.amountCents})` })
    .where(eq(payments.id, paymentId));
}

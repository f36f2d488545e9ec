/**
 * The payments table's one writer: a payment is created, changes status (checked against
 * rules/payment-lifecycle.ts, the `from` repeated in the SQL) and records its provider reference only
 * here. Other modules call these through the module's public entry (index.ts).
 */
import type { PaymentStatus } from "@kerb/shared";
import { canChangePaymentStatus, type PaymentRefundState } from "@kerb/shared/rules";
import { and, asc, desc, eq, inArray, type SQL, sql, type WithSubquery } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { bookings, bundles, payments, users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/**
 * Another module's write run in the same statement as a payment's, as a data-modifying CTE (the held
 * lessons of a new payment, the lessons a payment schedules): one round trip, one outcome. `count`
 * says how many rows it wrote, for the caller to check.
 */
export interface AlongsideWrite {
  with: WithSubquery;
  count?: SQL<number>;
}

/** A new payment (PENDING unless said otherwise), with `alongside` written in the same statement. */
export async function insertPayment(
  db: Executor,
  values: NewPayment,
  alongside?: AlongsideWrite,
): Promise<PaymentRow> {
  const [row] = await (alongside ? db.with(alongside.with) : db).insert(payments).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findPayment(db: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

/** Whether a payment already carries this invoice number. */
export async function invoiceNumberTaken(db: Executor, invoiceNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.invoiceNumber, invoiceNumber))
    .limit(1);
  return row !== undefined;
}

/** Locks the payment row for the rest of the transaction: concurrent fulfilments queue up here. */
export async function lockPayment(db: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for("update");
  return row;
}

function checkPaymentTransition(from: PaymentStatus, to: PaymentStatus) {
  if (!canChangePaymentStatus(from, to)) {
    throw new AppError(
      "invalid_state",
      `This payment is ${from.toLowerCase()} and cannot become ${to.toLowerCase()}`,
      { status: from },
    );
  }
}

const notAnyMore = (from: PaymentStatus) =>
  new AppError("invalid_state", `This payment is no longer ${from.toLowerCase()}`, { status: from });

/**
 * The one status change of a payment: `from` → `to` if rules/payment-lifecycle.ts allows it and the
 * payment is still `from` (else 409 invalid_state: it changed meanwhile). PAID goes through
 * `markPaymentPaid`, which records when.
 */
export async function changePaymentStatus(
  db: Executor,
  id: string,
  change: { from: PaymentStatus; to: Exclude<PaymentStatus, "PAID"> },
) {
  checkPaymentTransition(change.from, change.to);
  const changed = await db
    .update(payments)
    .set({ status: change.to })
    .where(and(eq(payments.id, id), eq(payments.status, change.from)))
    .returning({ id: payments.id });
  if (changed.length === 0) throw notAnyMore(change.from);
}

/**
 * PENDING → PAID at `paidAt`, with `alongside` (the lessons it pays for becoming SCHEDULED) in the same
 * statement; returns what `alongside.count` counted (0 without one).
 */
export async function markPaymentPaid(
  db: Executor,
  id: string,
  paidAt: Date,
  alongside?: AlongsideWrite,
): Promise<number> {
  checkPaymentTransition("PENDING", "PAID");
  const [row] = await (alongside ? db.with(alongside.with) : db)
    .update(payments)
    .set({ status: "PAID", paidAt })
    .where(and(eq(payments.id, id), eq(payments.status, "PENDING")))
    .returning({ count: alongside?.count ?? sql<number>`0` });
  if (!row) throw notAnyMore("PENDING");
  return row.count;
}

/** The payments of lapsed holds: those still PENDING become EXPIRED (the hold sweep). */
export async function expirePendingPayments(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return;
  checkPaymentTransition("PENDING", "EXPIRED");
  await db
    .update(payments)
    .set({ status: "EXPIRED" })
    .where(and(inArray(payments.id, [...ids]), eq(payments.status, "PENDING")));
}

/** The card provider's reference for the payment (its checkout session), once the provider has one. */
export async function setPaymentProviderRef(db: Executor, id: string, providerRef: string) {
  await db.update(payments).set({ providerRef }).where(eq(payments.id, id));
}

/**
 * A guardian takes over paying a learner's checkout that is still PENDING (issue 23): they become its
 * payer and get its tax invoice. False when it is no longer pending.
 */
export async function setPaymentPayer(db: Executor, id: string, payerId: string): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ payerId })
    .where(and(eq(payments.id, id), eq(payments.status, "PENDING")))
    .returning({ id: payments.id });
  return rows.length > 0;
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

/** Who paid `paymentId` when it was not the learner (a guardian, issue 23); undefined otherwise. */
export async function findPayer(db: Executor, paymentId: string) {
  return (await findPayers(db, [paymentId])).get(paymentId);
}

/** findPayer for many payments at once: payment id → the guardian who paid it (learners' own are absent). */
export async function findPayers(
  db: Executor,
  paymentIds: readonly string[],
): Promise<Map<string, { id: string; firstName: string; lastName: string }>> {
  if (paymentIds.length === 0) return new Map();
  const payer = alias(users, "payer");
  const rows = await db
    .select({ paymentId: payments.id, id: payer.id, firstName: payer.firstName, lastName: payer.lastName })
    .from(payments)
    .innerJoin(payer, eq(payer.id, payments.payerId))
    .where(inArray(payments.id, [...paymentIds]));
  return new Map(rows.map(({ paymentId, ...name }) => [paymentId, name]));
}

/** The learner's latest payments, newest first (what their guardian's overview lists). */
export function listPaymentsOfLearner(db: Executor, learnerId: string) {
  return db
    .select({
      id: payments.id,
      type: payments.type,
      status: payments.status,
      invoiceNumber: payments.invoiceNumber,
      amountCents: payments.amountCents,
      createdAt: payments.createdAt,
      payerId: payments.payerId,
      expiresAt: payments.expiresAt,
    })
    .from(payments)
    .where(eq(payments.userId, learnerId))
    .orderBy(desc(payments.createdAt))
    .limit(50);
}

import { and, asc, desc, eq, gt, inArray, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { fullNameSql } from "../../db/full-name.ts";
import { bookings, bundles, cardRefunds, payments, users } from "../../db/schema/index.ts";

const instructor = alias(users, "instructor");
const buyer = alias(users, "buyer");
const learner = alias(users, "learner");

/**
 * Payments that never took money: a checkout abandoned until its hold lapsed, one released, one the
 * provider could not start. They have nothing to receipt, so the student's list leaves them out.
 */
const NEVER_CHARGED = ["EXPIRED", "CANCELLED", "FAILED"] as const;

const paymentColumns = {
  id: payments.id,
  userId: payments.userId,
  /** A guardian who paid for the learner (issue 23); null when the learner paid. */
  payerId: payments.payerId,
  type: payments.type,
  status: payments.status,
  subtotalCents: payments.subtotalCents,
  gstCents: payments.gstCents,
  amountCents: payments.amountCents,
  refundedCents: payments.refundedCents,
  invoiceNumber: payments.invoiceNumber,
  createdAt: payments.createdAt,
  paidAt: payments.paidAt,
  /** What a bundle payment buys, for the description before (or without) its bundle row. */
  bundleSpec: payments.bundleSpec,
  bundle: {
    id: bundles.id,
    totalLessons: bundles.totalLessons,
    pricePerLessonCents: bundles.pricePerLessonCents,
    expiresAt: bundles.expiresAt,
  },
  bundleInstructor: { firstName: instructor.firstName, lastName: instructor.lastName },
};

// A bundle payment names its instructor on the bundle once delivered, on the purchase spec before.
const bundleInstructorJoin = eq(
  instructor.id,
  sql`coalesce(${bundles.instructorId}, (${payments.bundleSpec} ->> 'instructorId')::uuid)`,
);

export type ReceiptPaymentRow = Awaited<ReturnType<typeof listStudentPayments>>[number];

/**
 * The student's payments that took (or may still take) money, newest first: an open checkout whose
 * hold has lapsed is as good as expired even before the sweep marks it so.
 */
export function listStudentPayments(db: Executor, studentId: string, now: Date) {
  return db
    .select(paymentColumns)
    .from(payments)
    .leftJoin(bundles, eq(bundles.paymentId, payments.id))
    .leftJoin(instructor, bundleInstructorJoin)
    .where(
      and(
        eq(payments.userId, studentId),
        // Defensive: should a never-charged status ever carry a refund, it stays visible.
        or(notInArray(payments.status, [...NEVER_CHARGED]), sql`${payments.refundedCents} > 0`),
        // A bundle checkout holds no lessons, so it has no expiry and stays listed while open.
        or(ne(payments.status, "PENDING"), isNull(payments.expiresAt), gt(payments.expiresAt, now)),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/**
 * What a guardian paid for (issue 30), newest first, with the learner each was for: kept after the
 * learner removes them, as their receipts. Only what took money: a checkout they never paid is not theirs.
 */
export function listPaymentsPaidBy(db: Executor, payerId: string) {
  return db
    .select({
      ...paymentColumns,
      learner: { id: learner.id, firstName: learner.firstName, lastName: learner.lastName },
    })
    .from(payments)
    .innerJoin(learner, eq(learner.id, payments.userId))
    .leftJoin(bundles, eq(bundles.paymentId, payments.id))
    .leftJoin(instructor, bundleInstructorJoin)
    .where(
      and(
        eq(payments.payerId, payerId),
        or(notInArray(payments.status, [...NEVER_CHARGED, "PENDING"]), sql`${payments.refundedCents} > 0`),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** One payment with its buyer, whoever owns it (the service checks ownership). */
export async function findPaymentForInvoice(db: Executor, paymentId: string) {
  const [row] = await db
    .select({
      ...paymentColumns,
      provider: payments.provider,
      buyer: { firstName: buyer.firstName, lastName: buyer.lastName, email: buyer.email, phone: buyer.phone },
      learner: { firstName: learner.firstName, lastName: learner.lastName },
    })
    .from(payments)
    .innerJoin(learner, eq(learner.id, payments.userId))
    // The tax invoice is the payer's: a guardian who paid for the learner, else the learner.
    .innerJoin(buyer, eq(buyer.id, sql`coalesce(${payments.payerId}, ${payments.userId})`))
    .leftJoin(bundles, eq(bundles.paymentId, payments.id))
    .leftJoin(instructor, bundleInstructorJoin)
    .where(eq(payments.id, paymentId))
    .limit(1);
  return row;
}

/** Per payment: how many lessons it bought and from whom (names in order), in one grouped query. */
export function summariseLessonsOfPayments(db: Executor, paymentIds: string[]) {
  if (paymentIds.length === 0) return Promise.resolve([]);
  const name = fullNameSql(instructor);
  return db
    .select({
      paymentId: sql<string>`${bookings.paymentId}`,
      lessons: sql<number>`count(*)::int`,
      instructorNames: sql<string[]>`array_agg(distinct ${name} order by ${name})`,
    })
    .from(bookings)
    .innerJoin(instructor, eq(instructor.id, bookings.instructorId))
    .where(inArray(bookings.paymentId, paymentIds))
    .groupBy(bookings.paymentId);
}

/** Every lesson the given payments bought (whatever became of it since), in lesson order. */
export function listLessonsOfPayments(db: Executor, paymentIds: string[]) {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: bookings.id,
      paymentId: bookings.paymentId,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      status: bookings.status,
      priceCents: bookings.priceCents,
      isPoolHours: bookings.isPoolHours,
      instructor: { id: instructor.id, firstName: instructor.firstName, lastName: instructor.lastName },
    })
    .from(bookings)
    .innerJoin(instructor, eq(instructor.id, bookings.instructorId))
    .where(inArray(bookings.paymentId, paymentIds))
    .orderBy(asc(bookings.startTime), asc(bookings.id));
}

export type ReceiptLessonRow = Awaited<ReturnType<typeof listLessonsOfPayments>>[number];

/** Card refunds of the given payments, oldest first (the order adjustment notes were issued in). */
export function listRefundsOfPayments(db: Executor, paymentIds: string[]) {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: cardRefunds.id,
      paymentId: cardRefunds.paymentId,
      bookingId: cardRefunds.bookingId,
      amountCents: cardRefunds.amountCents,
      gstCents: cardRefunds.gstCents,
      reason: cardRefunds.reason,
      status: cardRefunds.status,
      createdAt: cardRefunds.createdAt,
      succeededAt: cardRefunds.succeededAt,
    })
    .from(cardRefunds)
    .where(inArray(cardRefunds.paymentId, paymentIds))
    .orderBy(asc(cardRefunds.createdAt), asc(cardRefunds.id));
}

export type ReceiptRefundRow = Awaited<ReturnType<typeof listRefundsOfPayments>>[number];

import { and, asc, eq, gte, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { fullNameSql } from "../../db/full-name.ts";
import { cardRefunds, instructorProfiles, payments, payouts, users } from "../../db/schema/index.ts";

type Range = { from: Date; to: Date };

/** Payments taken in [from, to): the money the ledger posts as payment.captured. */
export function listPaidPayments(db: Executor, range: Range) {
  return db
    .select({
      paidAt: payments.paidAt,
      invoiceNumber: payments.invoiceNumber,
      type: payments.type,
      student: fullNameSql(users),
      subtotalCents: payments.subtotalCents,
      gstCents: payments.gstCents,
      amountCents: payments.amountCents,
      refundedCents: payments.refundedCents,
      status: payments.status,
      provider: payments.provider,
      providerRef: payments.providerRef,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(and(gte(payments.paidAt, range.from), lt(payments.paidAt, range.to)))
    .orderBy(asc(payments.paidAt), asc(payments.invoiceNumber));
}

/** Card refunds decided in [from, to): when the ledger posts refund.queued. */
export function listRefunds(db: Executor, range: Range) {
  return db
    .select({
      id: cardRefunds.id,
      createdAt: cardRefunds.createdAt,
      invoiceNumber: payments.invoiceNumber,
      student: fullNameSql(users),
      bookingId: cardRefunds.bookingId,
      amountCents: cardRefunds.amountCents,
      gstCents: cardRefunds.gstCents,
      reason: cardRefunds.reason,
      status: cardRefunds.status,
      providerRef: cardRefunds.providerRef,
    })
    .from(cardRefunds)
    .innerJoin(payments, eq(payments.id, cardRefunds.paymentId))
    .innerJoin(users, eq(users.id, payments.userId))
    .where(and(gte(cardRefunds.createdAt, range.from), lt(cardRefunds.createdAt, range.to)))
    .orderBy(asc(cardRefunds.createdAt), asc(cardRefunds.id));
}

const instructor = alias(users, "instructor");

/** Payouts made up in [from, to): the RCTI's date, when the ledger books its GST credit. */
export function listPayouts(db: Executor, range: Range) {
  return db
    .select({
      id: payouts.id,
      createdAt: payouts.createdAt,
      periodStart: payouts.periodStart,
      periodEnd: payouts.periodEnd,
      instructor: fullNameSql(instructor),
      abn: instructorProfiles.abn,
      supplierGstRegistered: payouts.supplierGstRegistered,
      lessonCount: payouts.lessonCount,
      grossCents: payouts.grossCents,
      feeCents: payouts.feeCents,
      gstCents: payouts.gstCents,
      amountCents: payouts.amountCents,
      status: payouts.status,
      paidAt: payouts.paidAt,
      providerRef: payouts.providerRef,
    })
    .from(payouts)
    .innerJoin(instructor, eq(instructor.id, payouts.instructorId))
    .leftJoin(instructorProfiles, eq(instructorProfiles.userId, payouts.instructorId))
    .where(and(gte(payouts.createdAt, range.from), lt(payouts.createdAt, range.to)))
    .orderBy(asc(payouts.createdAt), asc(payouts.id));
}

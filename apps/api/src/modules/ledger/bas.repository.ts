import { type AnyColumn, and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { fullNameSql } from "../../db/full-name.ts";
import { cardRefunds, instructorProfiles, payments, payouts, users } from "../../db/schema/index.ts";

type Range = { from: Date; to: Date };

/**
 * Where the previous page of an export ended: its last row's instant as PostgreSQL wrote it (text, so no
 * microsecond is lost to a JS Date) and its tie-breaker (an invoice number or an id).
 */
export interface ExportCursor {
  at: string;
  key: string;
}

/** One page of an export: `limit` rows after `after` (the first page without it). */
export interface ExportPage {
  after: ExportCursor | null;
  limit: number;
}

/** The keyset condition: rows strictly after the cursor in (instant, tie-breaker) order. */
const afterCursor = (at: AnyColumn, key: AnyColumn, cast: "text" | "uuid", page: ExportPage) =>
  page.after
    ? sql`(${at}, ${key}) > (${page.after.at}::timestamptz, ${page.after.key}::${sql.raw(cast)})`
    : undefined;

/** Payments taken in [from, to): the money the ledger posts as payment.captured. A page at a time. */
export function listPaidPayments(db: Executor, range: Range, page: ExportPage) {
  return db
    .select({
      cursor: { at: sql<string>`${payments.paidAt}::text`, key: payments.invoiceNumber },
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
    .where(
      and(
        gte(payments.paidAt, range.from),
        lt(payments.paidAt, range.to),
        afterCursor(payments.paidAt, payments.invoiceNumber, "text", page),
      ),
    )
    .orderBy(asc(payments.paidAt), asc(payments.invoiceNumber))
    .limit(page.limit);
}

/** Card refunds decided in [from, to): when the ledger posts refund.queued. A page at a time. */
export function listRefunds(db: Executor, range: Range, page: ExportPage) {
  return db
    .select({
      cursor: { at: sql<string>`${cardRefunds.createdAt}::text`, key: sql<string>`${cardRefunds.id}::text` },
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
    .where(
      and(
        gte(cardRefunds.createdAt, range.from),
        lt(cardRefunds.createdAt, range.to),
        afterCursor(cardRefunds.createdAt, cardRefunds.id, "uuid", page),
      ),
    )
    .orderBy(asc(cardRefunds.createdAt), asc(cardRefunds.id))
    .limit(page.limit);
}

const instructor = alias(users, "instructor");

/** Payouts made up in [from, to): the RCTI's date, when the ledger books its GST credit. A page at a time. */
export function listPayouts(db: Executor, range: Range, page: ExportPage) {
  return db
    .select({
      cursor: { at: sql<string>`${payouts.createdAt}::text`, key: sql<string>`${payouts.id}::text` },
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
    .where(
      and(
        gte(payouts.createdAt, range.from),
        lt(payouts.createdAt, range.to),
        afterCursor(payouts.createdAt, payouts.id, "uuid", page),
      ),
    )
    .orderBy(asc(payouts.createdAt), asc(payouts.id))
    .limit(page.limit);
}

import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  ne,
  notInArray,
  or,
  type Placeholder,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { fullNameSql } from "../../db/full-name.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import {
  bookings,
  bundles,
  cardRefunds,
  issuedDocuments,
  payments,
  testPacks,
  users,
} from "../../db/schema/index.ts";

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

/** A lesson as its tax invoice line shows it. */
export interface InvoiceLessonRow {
  id: string;
  startTime: Date;
  endTime: Date;
  priceCents: number;
  isPoolHours: boolean;
  instructor: { firstName: string; lastName: string };
  /** A driving-test package's block (issue 33): its centre and test time; null for a lesson. */
  testPack: { centreId: string; testAt: Date } | null;
}

/** A card refund as its adjustment note shows it. */
export interface InvoiceRefundRow {
  bookingId: string | null;
  amountCents: number;
  gstCents: number;
  reason: ReceiptRefundRow["reason"];
  status: ReceiptRefundRow["status"];
  createdAt: Date;
}

const lessonInstructor = alias(users, "lesson_instructor");

// Epoch milliseconds, not timestamps' text: a Date exactly as pg would have parsed the column.
const epochMs = (column: AnyColumn) => sql`(extract(epoch from ${column}) * 1000)::float8`;

type InvoiceLessonJson = Omit<InvoiceLessonRow, "startTime" | "endTime" | "testPack"> & {
  startTime: number;
  endTime: number;
  testPack: { centreId: string; testAt: number } | null;
};

const invoiceLessonsSql = sql<InvoiceLessonJson[] | string>`
  case when ${payments.type} = 'BOOKINGS' then coalesce((
    select json_agg(json_build_object(
      'id', ${bookings.id}, 'startTime', ${epochMs(bookings.startTime)}, 'endTime', ${epochMs(bookings.endTime)},
      'priceCents', ${bookings.priceCents}, 'isPoolHours', ${bookings.isPoolHours},
      'instructor', json_build_object('firstName', ${lessonInstructor.firstName}, 'lastName', ${lessonInstructor.lastName}),
      'testPack', case when ${testPacks.bookingId} is null then null else json_build_object(
        'centreId', ${testPacks.centreId}, 'testAt', ${epochMs(testPacks.testAt)}) end
    ) order by ${bookings.startTime}, ${bookings.id})
    from ${bookings} inner join ${users} ${lessonInstructor} on ${lessonInstructor.id} = ${bookings.instructorId}
    left join ${testPacks} on ${testPacks.bookingId} = ${bookings.id}
    where ${bookings.paymentId} = ${payments.id}), '[]'::json) else '[]'::json end`;

const invoiceRefundsSql = sql<Array<Omit<InvoiceRefundRow, "createdAt"> & { createdAt: number }> | string>`
  coalesce((
    select json_agg(json_build_object(
      'bookingId', ${cardRefunds.bookingId}, 'amountCents', ${cardRefunds.amountCents},
      'gstCents', ${cardRefunds.gstCents}, 'reason', ${cardRefunds.reason}, 'status', ${cardRefunds.status},
      'createdAt', ${epochMs(cardRefunds.createdAt)}
    ) order by ${cardRefunds.createdAt}, ${cardRefunds.id})
    from ${cardRefunds} where ${cardRefunds.paymentId} = ${payments.id}), '[]'::json)`;

const fromJson = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

/**
 * Everything a tax invoice shows, in one round trip: the payment with its buyer and learner, its lessons
 * and its refunds. Read only to render one (a stored invoice is served on findInvoiceKeysForReader).
 */
export async function findInvoiceForReader(db: Executor, paymentId: string, readerId: string) {
  const [row] = await db
    .select({
      ...paymentColumns,
      provider: payments.provider,
      buyer: { firstName: buyer.firstName, lastName: buyer.lastName, email: buyer.email, phone: buyer.phone },
      learner: { firstName: learner.firstName, lastName: learner.lastName },
      lessons: invoiceLessonsSql,
      refunds: invoiceRefundsSql,
    })
    .from(payments)
    .innerJoin(learner, eq(learner.id, payments.userId))
    // The tax invoice is the payer's: a guardian who paid for the learner, else the learner.
    .innerJoin(buyer, eq(buyer.id, sql`coalesce(${payments.payerId}, ${payments.userId})`))
    .leftJoin(bundles, eq(bundles.paymentId, payments.id))
    .leftJoin(instructor, bundleInstructorJoin)
    .where(and(eq(payments.id, paymentId), readableBy(readerId)));
  if (!row) return undefined;
  const { lessons, refunds, ...payment } = row;
  return {
    ...payment,
    lessons: fromJson(lessons).map(
      (l): InvoiceLessonRow => ({
        ...l,
        startTime: new Date(l.startTime),
        endTime: new Date(l.endTime),
        testPack: l.testPack ? { ...l.testPack, testAt: new Date(l.testPack.testAt) } : null,
      }),
    ),
    refunds: fromJson(refunds).map((r): InvoiceRefundRow => ({ ...r, createdAt: new Date(r.createdAt) })),
  };
}

/**
 * Only a payment `readerId` may read (rules/payment-access.ts mayReadReceipt: its learner or the guardian
 * who paid it) is found at all, so nobody else's invoice ever leaves the database.
 */
const readableBy = (readerId: Placeholder | string) =>
  or(eq(payments.userId, readerId), eq(payments.payerId, readerId));

/**
 * What decides which tax invoice a payment has: its adjustment notes, one per card refund in the order
 * they were issued, with their status. An issued invoice is a legal record: a refund adds a note (a new
 * document beside the old one); a lesson moved or a buyer renamed afterwards changes nothing issued.
 */
const adjustmentsSql = sql<string>`coalesce((
    select string_agg(${cardRefunds.id}::text || ':' || ${cardRefunds.status}, ','
      order by ${cardRefunds.createdAt}, ${cardRefunds.id})
    from ${cardRefunds} where ${cardRefunds.paymentId} = ${payments.id}), '')`;

/**
 * A download's read (with the guard's, the only one when the invoice is stored): may the reader have the
 * payment's invoice, which one is current, and the keys of those stored. One row per stored version, one
 * row with none. Prepared: it runs on every download, and planning a join costs PostgreSQL more than
 * running it.
 */
const invoiceKeysForReader = preparedPerDatabase((db) =>
  db
    .select({
      userId: payments.userId,
      payerId: payments.payerId,
      status: payments.status,
      refundedCents: payments.refundedCents,
      invoiceNumber: payments.invoiceNumber,
      adjustments: adjustmentsSql,
      stored: { dataHash: issuedDocuments.dataHash, contentHash: issuedDocuments.contentHash },
    })
    .from(payments)
    .leftJoin(
      issuedDocuments,
      and(eq(issuedDocuments.kind, "taxInvoice"), eq(issuedDocuments.subjectId, sql`${payments.id}::text`)),
    )
    .where(and(eq(payments.id, sql.placeholder("paymentId")), readableBy(sql.placeholder("readerId"))))
    .prepare("invoice_keys_for_reader"),
);

export async function findInvoiceKeysForReader(db: Executor, paymentId: string, readerId: string) {
  const rows = await invoiceKeysForReader(db).execute({ paymentId, readerId });
  const [first] = rows;
  if (!first) return undefined;
  const { stored: _stored, ...payment } = first;
  return { ...payment, stored: rows.flatMap((row) => (row.stored ? [row.stored] : [])) };
}

export type InvoicePaymentRow = NonNullable<Awaited<ReturnType<typeof findInvoiceForReader>>>;

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

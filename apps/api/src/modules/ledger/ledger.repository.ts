import { and, eq, gte, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import { type Executor, executeRows } from "../../db/client.ts";
import {
  bookings,
  bundles,
  cardRefunds,
  ledgerEntries,
  ledgerJournals,
  payments,
  payouts,
  testPackCredits,
} from "../../db/schema/index.ts";
import { creditsSpentSql, earnedSql, earnedValueSql } from "../../db/sql-rules.ts";

type NewJournal = typeof ledgerJournals.$inferInsert;
type NewEntry = Omit<typeof ledgerEntries.$inferInsert, "id" | "journalId">;

/**
 * Inserts the journal and its lines, or nothing when its key was posted before; true when inserted.
 * One statement (the lines select from the journal's CTE, so a journal posted before adds none): a
 * posting is one round trip inside the caller's transaction.
 */
export async function insertJournalOnce(
  db: Executor,
  journal: NewJournal,
  lines: NewEntry[],
): Promise<boolean> {
  const insertJournal = db
    .insert(ledgerJournals)
    .values(journal)
    .onConflictDoNothing({ target: ledgerJournals.key })
    .returning({ id: ledgerJournals.id });
  const lineRecords = JSON.stringify(
    lines.map((l) => ({
      account: l.account,
      instructor_id: l.instructorId ?? null,
      amount_cents: l.amountCents,
    })),
  );
  const [row] = await executeRows<{ inserted: number }>(
    db,
    sql`
    with journal as (${insertJournal.getSQL()}),
    lines as (
      insert into ${ledgerEntries} (journal_id, account, instructor_id, amount_cents)
      select journal.id, line.account, line.instructor_id, line.amount_cents
      from journal, jsonb_to_recordset(${lineRecords}::jsonb)
        as line(account text, instructor_id uuid, amount_cents integer)
    )
    select count(*)::int as inserted from journal`,
  );
  return row?.inserted === 1;
}

/** What a lesson posting needs; the payment is the lesson's own or, for a credit lesson, its bundle's. */
export async function findLessonForLedger(db: Executor, bookingId: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      instructorId: bookings.instructorId,
      startTime: bookings.startTime,
      priceCents: bookings.priceCents,
      keptCents: bookings.keptCents,
      // A pack paid with a bought test-pack credit earns against the credit's payment, as a bundle lesson.
      paymentId: sql<
        string | null
      >`coalesce(${bookings.paymentId}, ${bundles.paymentId}, ${testPackCredits.paymentId})`,
      /** Paid with the pass promise's test-pack credit: nobody paid, Kerb bears the instructor's share. */
      isPromotion: sql<boolean>`exists (select 1 from ${testPackCredits}
        where ${testPackCredits.usedByBookingId} = ${bookings.id} and ${testPackCredits.source} = 'PASS_PROMISE')`,
    })
    .from(bookings)
    .leftJoin(bundles, eq(bundles.id, bookings.bundleId))
    .leftJoin(testPackCredits, eq(testPackCredits.usedByBookingId, bookings.id))
    .where(eq(bookings.id, bookingId));
  return row;
}

// ---------------------------------------------------------------------------------------------------
// The balance check

export async function sumAllEntries(db: Executor): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number) })
    .from(ledgerEntries);
  return row?.total ?? 0;
}

/** How many journals there are, and how many of them do not sum to zero. */
export async function countJournals(db: Executor) {
  const [row] = await db
    .select({
      checked: sql<number>`(select count(*) from ${ledgerJournals})`.mapWith(Number),
      unbalanced: sql<number>`(select count(*) from (
        select 1 from ${ledgerEntries} group by ${ledgerEntries.journalId}
        having sum(${ledgerEntries.amountCents}) <> 0) as u)`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row ?? { checked: 0, unbalanced: 0 };
}

/** Per payment and account: what its journals add up to. */
export function paymentAccountSums(db: Executor) {
  return db
    .select({
      paymentId: sql<string>`${ledgerJournals.paymentId}`,
      account: ledgerEntries.account,
      cents: sql<number>`sum(${ledgerEntries.amountCents})`.mapWith(Number),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(isNotNull(ledgerJournals.paymentId))
    .groupBy(ledgerJournals.paymentId, ledgerEntries.account);
}

/**
 * Payments that took money: paid, or charged after their holds lapsed and refunded whole (REFUNDED,
 * never paid), or that have journals at all (so a posting on an unpaid payment shows up too).
 */
export function listChargedPayments(db: Executor) {
  return db
    .select({
      id: payments.id,
      invoiceNumber: payments.invoiceNumber,
      type: payments.type,
      paidAt: payments.paidAt,
      amountCents: payments.amountCents,
      gstCents: payments.gstCents,
      refundedCents: payments.refundedCents,
    })
    .from(payments)
    .where(
      or(
        isNotNull(payments.paidAt),
        eq(payments.status, "REFUNDED"),
        inArray(payments.id, db.select({ id: sql`${ledgerJournals.paymentId}` }).from(ledgerJournals)),
      ),
    );
}

export function listRefundAmounts(db: Executor) {
  return db
    .select({
      paymentId: cardRefunds.paymentId,
      amountCents: cardRefunds.amountCents,
      gstCents: cardRefunds.gstCents,
    })
    .from(cardRefunds);
}

const lessonPayment = sql<string>`coalesce(${bookings.paymentId}, ${bundles.paymentId}, ${testPackCredits.paymentId})`;
// What a lesson earned (ex GST): its price once taught, its kept value once a no-show (the price unless
// a dispute refunded it) or cancelled.
const earnedValue = earnedValueSql;

/** Earning lessons per payment and value, counted (per-lesson rounding is exact as count × share). */
export function earnedLessonsByPayment(db: Executor) {
  return db
    .select({
      paymentId: lessonPayment,
      valueCents: earnedValue.mapWith(Number),
      lessons: sql<number>`count(*)`.mapWith(Number),
    })
    .from(bookings)
    .leftJoin(bundles, eq(bundles.id, bookings.bundleId))
    .leftJoin(testPackCredits, eq(testPackCredits.usedByBookingId, bookings.id))
    .where(earnedSql)
    .groupBy(lessonPayment, earnedValue);
}

/** Card-paid lessons not delivered yet, per payment. */
export function scheduledValueByPayment(db: Executor) {
  return db
    .select({
      paymentId: sql<string>`${bookings.paymentId}`,
      cents: sql<number>`sum(${bookings.priceCents})`.mapWith(Number),
    })
    .from(bookings)
    .where(and(isNotNull(bookings.paymentId), eq(bookings.status, "SCHEDULED")))
    .groupBy(bookings.paymentId);
}

/**
 * Each bundle with how many of its credits are consumed (taught, no-show or forfeited): credits, not
 * lessons, as a 120-minute lesson uses two.
 */
export function bundleConsumption(db: Executor) {
  return db
    .select({
      paymentId: bundles.paymentId,
      totalLessons: bundles.totalLessons,
      pricePerLessonCents: bundles.pricePerLessonCents,
      // A refunded no-show's credit went back to the bundle: it is not consumed.
      consumedCredits: sql<number>`coalesce(sum(${creditsSpentSql}) filter (where ${earnedSql}), 0)`.mapWith(
        Number,
      ),
    })
    .from(bundles)
    .leftJoin(bookings, eq(bookings.bundleId, bundles.id))
    .groupBy(bundles.id);
}

/**
 * Each bought test-pack credit with its value and whether the pack it paid for has earned it (taught, a
 * no-show, or value kept): until then its value is undelivered, used or not.
 */
export function testPackCreditConsumption(db: Executor) {
  return db
    .select({
      paymentId: sql<string>`${testPackCredits.paymentId}`,
      valueCents: testPackCredits.valueCents,
      earned: sql<boolean>`coalesce(${earnedSql}, false)`,
    })
    .from(testPackCredits)
    .leftJoin(bookings, eq(bookings.id, testPackCredits.usedByBookingId))
    .where(isNotNull(testPackCredits.paymentId));
}

/**
 * What the ledger holds as due under payouts (PAYOUTS_DUE, shown positive) and what the payouts table
 * says is not transferred yet (PENDING or FAILED): equal when every transfer posted what it did.
 */
export async function payoutsDue(db: Executor) {
  const [row] = await db
    .select({
      ledgerDueCents:
        sql<number>`(select coalesce(-sum(${ledgerEntries.amountCents}), 0) from ${ledgerEntries}
        where ${ledgerEntries.account} = 'PAYOUTS_DUE')`.mapWith(Number),
      untransferredCents: sql<number>`(select coalesce(sum(${payouts.amountCents}), 0) from ${payouts}
        where ${payouts.status} <> 'PAID')`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row ?? { ledgerDueCents: 0, untransferredCents: 0 };
}

// ---------------------------------------------------------------------------------------------------
// Monthly reconciliation

/** Per event and account, the entries of journals that occurred in [from, to). */
export function sumsByEventAndAccount(db: Executor, range: { from: Date; to: Date }) {
  return db
    .select({
      event: ledgerJournals.event,
      account: ledgerEntries.account,
      cents: sql<number>`sum(${ledgerEntries.amountCents})`.mapWith(Number),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(and(gte(ledgerJournals.occurredAt, range.from), lt(ledgerJournals.occurredAt, range.to)))
    .groupBy(ledgerJournals.event, ledgerEntries.account);
}

/** Account balances as they stood at `at` (journals that occurred before it). */
export function balancesAt(db: Executor, at: Date) {
  return db
    .select({
      account: ledgerEntries.account,
      cents: sql<number>`sum(${ledgerEntries.amountCents})`.mapWith(Number),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(lt(ledgerJournals.occurredAt, at))
    .groupBy(ledgerEntries.account);
}

/**
 * Everything the ledger ever moved, by Sydney month of the journal, event and account, with how many
 * journals of that event the month holds (a lesson's earning journal is one lesson).
 */
export function sumsByMonthEventAndAccount(db: Executor) {
  const month = sql<string>`to_char(${ledgerJournals.occurredAt} at time zone 'Australia/Sydney', 'YYYY-MM')`;
  return db
    .select({
      month,
      event: ledgerJournals.event,
      account: ledgerEntries.account,
      cents: sql<number>`sum(${ledgerEntries.amountCents})`.mapWith(Number),
      journals: sql<number>`count(distinct ${ledgerJournals.id})`.mapWith(Number),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .groupBy(month, ledgerJournals.event, ledgerEntries.account);
}

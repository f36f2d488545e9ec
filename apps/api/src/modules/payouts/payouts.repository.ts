import { SYDNEY_TZ } from "@kerb/shared";
import { and, asc, count, desc, eq, gte, lt, lte, notExists, type SQLWrapper, sql } from "drizzle-orm";
import { type Executor, executeRows } from "../../db/client.ts";
import {
  bookings,
  bundles,
  instructorProfiles,
  payoutItems,
  payouts,
  testPacks,
  users,
} from "../../db/schema/index.ts";
import { earningCentsSql, earningLessonSql, notPayoutHeldSql, payoutHeldSql } from "../../db/sql-rules.ts";
import { currentRctiAgreementSql } from "./rcti.repository.ts";

export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutStatus = PayoutRow["status"];

// ---------------------------------------------------------------------------------------------------
// What is payable: earning lessons not yet in any payout item

/** Paid-for COMPLETED / NO_SHOW at their price, CANCELLED when the platform kept something. */
const earns = earningLessonSql;

const notPaidOut = notExists(
  // A correlated subquery: payout_items.booking_id is unique, so each lesson is in at most one payout.
  sql`(select 1 from ${payoutItems} where ${payoutItems.bookingId} = ${bookings.id})`,
);

/** Not taught during a teaching stop still awaiting an admin's decision (rules/teaching-stops.ts). */
const notHeld = notPayoutHeldSql;

/** The payout a lesson was paid out in (any status), or undefined while it is not in one. */
export async function findPayoutOfLesson(db: Executor, bookingId: string) {
  const [row] = await db
    .select({ payout: payouts })
    .from(payoutItems)
    .innerJoin(payouts, eq(payouts.id, payoutItems.payoutId))
    .where(eq(payoutItems.bookingId, bookingId));
  return row?.payout;
}

/** One instructor's payable lessons that ended at or before `endsAt`, oldest first. */
export function payableLessons(db: Executor, instructorId: string, endsAt: Date) {
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      priceCents: bookings.priceCents,
      keptCents: bookings.keptCents,
    })
    .from(bookings)
    .where(
      and(eq(bookings.instructorId, instructorId), lte(bookings.endTime, endsAt), earns, notPaidOut, notHeld),
    )
    .orderBy(asc(bookings.startTime), asc(bookings.id));
}

/** Instructors with something payable by `endsAt`, and where their money would go. */
export function instructorsWithPayableLessons(db: Executor, endsAt: Date) {
  return db
    .selectDistinct({
      instructorId: bookings.instructorId,
      stripeAccountId: instructorProfiles.stripeAccountId,
      abn: instructorProfiles.abn,
      rctiAgreementCurrent: currentRctiAgreementSql(bookings.instructorId),
    })
    .from(bookings)
    .innerJoin(instructorProfiles, eq(instructorProfiles.userId, bookings.instructorId))
    .where(and(lte(bookings.endTime, endsAt), earns, notPaidOut, notHeld))
    .orderBy(asc(bookings.instructorId));
}

const grossOf = earningCentsSql;

/**
 * Earned and not paid out yet, per instructor and amount (counts per amount keep the per-lesson fee
 * rounding exact without fetching every lesson). One instructor, or everyone for the admin summary.
 * `held`: the lessons kept back for an admin's decision instead of those a payout run would pay.
 */
export function unpaidEarningsByAmount(db: Executor, instructorId?: string, held = false) {
  return db
    .select({
      instructorId: bookings.instructorId,
      grossCents: grossOf.mapWith(Number),
      lessons: count().mapWith(Number),
    })
    .from(bookings)
    .where(
      and(
        earns,
        notPaidOut,
        held ? payoutHeldSql : notHeld,
        instructorId ? eq(bookings.instructorId, instructorId) : undefined,
      ),
    )
    .groupBy(bookings.instructorId, grossOf);
}

/**
 * One instructor's unpaid (or held) earnings per Sydney day taught and amount: the day decides the GST,
 * which follows the instructor's registration on the day of the lesson, as the payout run applies it.
 */
export function unpaidEarningsByDayAndAmount(db: Executor, instructorId: string, held = false) {
  const day = sydneyDateSql(bookings.startTime);
  return db
    .select({ day, grossCents: grossOf.mapWith(Number), lessons: count().mapWith(Number) })
    .from(bookings)
    .where(and(earns, notPaidOut, held ? payoutHeldSql : notHeld, eq(bookings.instructorId, instructorId)))
    .groupBy(day, grossOf);
}

// ---------------------------------------------------------------------------------------------------
// Earnings per month (GET /instructor/earnings and the dashboard's tile)

// The Sydney month of a lesson start, computed by the database so grouping needs no row transfer.
// SYDNEY_TZ is a constant, so inlining it is safe (and one expression can be reused in GROUP BY).
const sydneyMonthOf = (column: SQLWrapper) =>
  sql<string>`to_char(${column} at time zone '${sql.raw(SYDNEY_TZ)}', 'YYYY-MM')`;
/** The Sydney calendar date (YYYY-MM-DD) of an instant, likewise. */
const sydneyDateSql = (column: SQLWrapper) =>
  sql<string>`to_char(${column} at time zone '${sql.raw(SYDNEY_TZ)}', 'YYYY-MM-DD')`;

/** The lesson record is a driving-test package's (its test_packs row was left-joined). */
const isTestPackSql = sql<boolean>`(${testPacks.bookingId} is not null)`.mapWith(Boolean);

/**
 * One instructor's earning lessons (sql-rules `earningLessonSql`), optionally starting in a range, per
 * Sydney month of their start and per amount: COMPLETED lessons at their price, NO_SHOW lessons at their
 * kept value (the price, unless a dispute refunded it) and CANCELLED lessons the platform kept money on,
 * at kept_cents. Every one of them counts in `lessons`, by the rule payouts and statements count with
 * (rules/payouts.ts `payableGrossCents` > 0), so the earnings table and the payout note agree. Lessons
 * nobody paid for earn nothing. Grouping by amount keeps the per-lesson fee rounding exact
 * (count × fee(amount)) without fetching every lesson.
 */
export function earningLessonsByMonthAndAmount(
  db: Executor,
  instructorId: string,
  range?: { from: Date; to: Date },
) {
  const month = sydneyMonthOf(bookings.startTime);
  return db
    .select({
      month,
      priceCents: grossOf.mapWith(Number),
      paidGstCents: payoutItems.gstCents,
      // Test packages (issue 33) are counted apart from lessons: a pack is not "a lesson of three hours".
      isTestPack: isTestPackSql,
      lessons: count().mapWith(Number),
    })
    .from(bookings)
    .leftJoin(payoutItems, eq(payoutItems.bookingId, bookings.id))
    .leftJoin(testPacks, eq(testPacks.bookingId, bookings.id))
    .where(
      and(
        earns,
        eq(bookings.instructorId, instructorId),
        range ? gte(bookings.startTime, range.from) : undefined,
        range ? lt(bookings.startTime, range.to) : undefined,
      ),
    )
    .groupBy(month, grossOf, payoutItems.gstCents, isTestPackSql);
}

/**
 * One instructor's earning test packages, one row each, newest test first: the earnings page lists each
 * as its own line, valued as the months value it (the same earning rule, amount and paid GST).
 */
export function earningTestPacks(db: Executor, instructorId: string) {
  return db
    .select({
      bookingId: bookings.id,
      status: bookings.status,
      centreId: testPacks.centreId,
      testAt: testPacks.testAt,
      priceCents: grossOf.mapWith(Number),
      paidGstCents: payoutItems.gstCents,
    })
    .from(bookings)
    .innerJoin(testPacks, eq(testPacks.bookingId, bookings.id))
    .leftJoin(payoutItems, eq(payoutItems.bookingId, bookings.id))
    .where(and(earns, eq(bookings.instructorId, instructorId)))
    .orderBy(desc(testPacks.testAt), asc(bookings.id));
}

// ---------------------------------------------------------------------------------------------------
// Payouts

/** Serialises everything one instructor's payout run does, across processes (PGlite too). */
export async function lockInstructorPayouts(tx: Executor, instructorId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`kerb:payouts:${instructorId}`}, 0))`);
}

/**
 * Whoever gets this lock delivers the payout (calls the provider) until its transaction ends; a second
 * process asking at the same moment gets false and leaves it alone.
 */
export async function tryLockPayoutDelivery(tx: Executor, payoutId: string): Promise<boolean> {
  const [row] = await executeRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(hashtextextended(${`kerb:payout-delivery:${payoutId}`}, 0)) as locked`,
  );
  return row?.locked === true;
}

export async function findPayoutForPeriod(db: Executor, instructorId: string, periodEnd: string) {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.instructorId, instructorId), eq(payouts.periodEnd, periodEnd)));
  return row;
}

export async function insertPayout(db: Executor, values: typeof payouts.$inferInsert) {
  const [row] = await db.insert(payouts).values(values).returning();
  if (!row) throw new Error("payout insert returned nothing");
  return row;
}

export async function insertPayoutItems(db: Executor, values: Array<typeof payoutItems.$inferInsert>) {
  if (values.length > 0) await db.insert(payoutItems).values(values);
}

export async function findPayout(db: Executor, id: string) {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row;
}

/** For update inside the delivery transaction. */
export async function findPayoutForUpdate(db: Executor, id: string) {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id)).for("update");
  return row;
}

export async function payoutsOfPeriod(db: Executor, periodEnd: string) {
  return db
    .select()
    .from(payouts)
    .where(eq(payouts.periodEnd, periodEnd))
    .orderBy(asc(payouts.createdAt), asc(payouts.id));
}

export async function pendingPayoutIds(db: Executor) {
  const rows = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(eq(payouts.status, "PENDING"))
    .orderBy(asc(payouts.createdAt));
  return rows.map((r) => r.id);
}

export async function markPayout(
  db: Executor,
  id: string,
  change: Partial<Pick<PayoutRow, "status" | "providerRef" | "attempts" | "lastError" | "paidAt">>,
) {
  const [row] = await db.update(payouts).set(change).where(eq(payouts.id, id)).returning();
  return row;
}

export function instructorPayouts(db: Executor, instructorId: string) {
  return db
    .select()
    .from(payouts)
    .where(eq(payouts.instructorId, instructorId))
    .orderBy(desc(payouts.periodEnd), desc(payouts.createdAt));
}

/** A payout only its own instructor may see: anyone else's is simply not found. */
export async function findOwnPayout(db: Executor, instructorId: string, payoutId: string) {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, payoutId), eq(payouts.instructorId, instructorId)));
  return row;
}

export type PayoutLineRow = Awaited<ReturnType<typeof payoutLines>>[number];

/** The statement's lines: each lesson with what it earned, in lesson order. */
export function payoutLines(db: Executor, payoutId: string) {
  return db
    .select({
      bookingId: payoutItems.bookingId,
      grossCents: payoutItems.grossCents,
      amountCents: payoutItems.amountCents,
      gstCents: payoutItems.gstCents,
      status: bookings.status,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      isPoolHours: bookings.isPoolHours,
      suburb: bookings.suburb,
      cancelledAt: bookings.cancelledAt,
      // Set when a bundle credit paid for the lesson: its value is the bundle's price, not a rate.
      bundlePricePerLessonCents: bundles.pricePerLessonCents,
      // Set on a driving-test package (issue 33): the line names the pack, its centre and test date.
      testPackCentreId: testPacks.centreId,
      testAt: testPacks.testAt,
      studentFirstName: users.firstName,
      studentLastName: users.lastName,
    })
    .from(payoutItems)
    .innerJoin(bookings, eq(bookings.id, payoutItems.bookingId))
    .innerJoin(users, eq(users.id, bookings.studentId))
    .leftJoin(bundles, eq(bundles.id, bookings.bundleId))
    .leftJoin(testPacks, eq(testPacks.bookingId, bookings.id))
    .where(eq(payoutItems.payoutId, payoutId))
    .orderBy(asc(bookings.startTime), asc(bookings.id));
}

export async function findPayee(db: Executor, instructorId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      abn: instructorProfiles.abn,
      gstRegistered: instructorProfiles.gstRegistered,
      stripeAccountId: instructorProfiles.stripeAccountId,
      rctiAgreementCurrent: currentRctiAgreementSql(users.id),
    })
    .from(users)
    .innerJoin(instructorProfiles, eq(instructorProfiles.userId, users.id))
    .where(eq(users.id, instructorId));
  return row;
}

// ---------------------------------------------------------------------------------------------------
// Admin

const STATUS_ORDER = sql`case ${payouts.status} when 'FAILED' then 0 when 'PENDING' then 1 else 2 end`;

export async function listPayouts(
  db: Executor,
  filter: { status?: PayoutStatus },
  page: { limit: number; offset: number },
) {
  const where = filter.status ? eq(payouts.status, filter.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        payout: payouts,
        instructor: {
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
        },
      })
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.instructorId))
      .where(where)
      .orderBy(STATUS_ORDER, desc(payouts.periodEnd), desc(payouts.createdAt), asc(payouts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(payouts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findAdminPayout(db: Executor, id: string) {
  const [row] = await db
    .select({
      payout: payouts,
      instructor: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
    })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.instructorId))
    .where(eq(payouts.id, id));
  return row;
}

export function payoutTotalsByStatus(db: Executor) {
  return db
    .select({
      status: payouts.status,
      count: count().mapWith(Number),
      amountCents: sql<number>`coalesce(sum(${payouts.amountCents}), 0)`.mapWith(Number),
    })
    .from(payouts)
    .groupBy(payouts.status);
}

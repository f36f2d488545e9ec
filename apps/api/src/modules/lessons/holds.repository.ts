import { randomUUID } from "node:crypto";
import { HELD_BOOKING_STATUS } from "@kerb/shared/rules";
import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bookings, payments } from "../../db/schema/index.ts";
import { activeBookingSql, activeHoldSql } from "../../db/sql-rules.ts";
import type { PaymentRow } from "../payments/payments.repository.ts";

/**
 * Releases checkout holds older than their expiry: the lessons become EXPIRED (outside the exclusion
 * constraint, so the slot is free again) and their unpaid payments EXPIRED with them.
 */
export async function expireStaleHolds(db: Executor, now: Date): Promise<number> {
  // SKIP LOCKED: concurrent sweeps never wait on (or deadlock with) each other over the same rows;
  // a row one of them skips is being expired by the other.
  const expired = await db
    .update(bookings)
    .set({ status: "EXPIRED" })
    .where(
      inArray(
        bookings.id,
        db
          .select({ id: bookings.id })
          .from(bookings)
          .where(and(eq(bookings.status, HELD_BOOKING_STATUS), lte(bookings.holdExpiresAt, now)))
          .for("update", { skipLocked: true }),
      ),
    )
    .returning({ paymentId: bookings.paymentId });
  const paymentIds = [...new Set(expired.map((r) => r.paymentId).filter((id): id is string => id !== null))];
  if (paymentIds.length > 0) {
    await db
      .update(payments)
      .set({ status: "EXPIRED" })
      .where(and(inArray(payments.id, paymentIds), eq(payments.status, "PENDING")));
  }
  return expired.length;
}

/**
 * In one statement: how many lessons the student holds unpaid (countOpenHolds) and which of their
 * active lessons overlap the periods (findStudentClashes), for a booking's transaction.
 */
export async function openHoldsAndClashes(
  db: Executor,
  studentId: string,
  periods: Array<{ start: Date; end: Date }>,
  now: Date,
): Promise<{ open: number; clashes: Array<{ id: string; startTime: Date }> }> {
  const overlaps =
    periods.length === 0
      ? sql`false`
      : sql.join(
          periods.map((p) => sql`(${bookings.startTime} < ${p.end} and ${bookings.endTime} > ${p.start})`),
          sql` or `,
        );
  const rows = await db
    .select({
      id: bookings.id,
      startTime: bookings.startTime,
      isOpenHold: sql<boolean>`${activeHoldSql(now)}`,
      clashes: sql<boolean>`(${activeBookingSql(now)} and (${overlaps}))`,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.studentId, studentId),
        or(activeHoldSql(now), and(activeBookingSql(now), sql`(${overlaps})`)),
      ),
    );
  return {
    open: rows.filter((r) => r.isOpenHold).length,
    clashes: rows.filter((r) => r.clashes).map(({ id, startTime }) => ({ id, startTime })),
  };
}

/** The student's own active lessons overlapping any of the periods: nobody drives two cars at once. */
export async function findStudentClashes(
  db: Executor,
  studentId: string,
  periods: Array<{ start: Date; end: Date }>,
  now: Date,
) {
  if (periods.length === 0) return [];
  const overlaps = sql.join(
    periods.map((p) => sql`(${bookings.startTime} < ${p.end} and ${bookings.endTime} > ${p.start})`),
    sql` or `,
  );
  return db
    .select({ id: bookings.id, startTime: bookings.startTime })
    .from(bookings)
    .where(and(eq(bookings.studentId, studentId), activeBookingSql(now), sql`(${overlaps})`));
}

/**
 * A checkout's payment and its held lessons in one statement (the lessons in a CTE of the payment's
 * insert, so a clash rolls back both); returns the payment.
 */
export async function insertHeldCheckout(
  db: Executor,
  payment: Omit<typeof payments.$inferInsert, "id">,
  lessons: Array<Omit<typeof bookings.$inferInsert, "paymentId">>,
): Promise<PaymentRow> {
  // The id is chosen here so that the lessons can name their payment within the same statement.
  const id = randomUUID();
  const held = db.$with("held").as(db.insert(bookings).values(lessons.map((l) => ({ ...l, paymentId: id }))));
  const [row] = await db
    .with(held)
    .insert(payments)
    .values({ ...payment, id })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

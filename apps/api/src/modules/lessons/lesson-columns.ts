/** Lessons as the operator console lists them: every lesson, with its student and instructor. Reads only. */
import { and, asc, count, desc, eq, gt, gte, isNotNull, lt, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { bookings, users } from "../../db/schema/index.ts";

const student = alias(users, "student");
const instructor = alias(users, "instructor");

const adminLessonColumns = {
  id: bookings.id,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  status: bookings.status,
  priceCents: bookings.priceCents,
  isPoolHours: bookings.isPoolHours,
  suburb: bookings.suburb,
  pickupLocation: bookings.pickupLocation,
  paymentId: bookings.paymentId,
  bundleId: bookings.bundleId,
  completedAt: bookings.completedAt,
  cancelledAt: bookings.cancelledAt,
  cancelledBy: bookings.cancelledBy,
  refundCents: bookings.refundCents,
  keptCents: bookings.keptCents,
  createdAt: bookings.createdAt,
  student: { id: student.id, firstName: student.firstName, lastName: student.lastName, email: student.email },
  instructor: { id: instructor.id, firstName: instructor.firstName, lastName: instructor.lastName },
};

export type AdminLessonRow = NonNullable<Awaited<ReturnType<typeof findAdminLesson>>>;

export async function listAdminLessons(
  db: Executor,
  filter: {
    status?: (typeof bookings.$inferSelect)["status"];
    from?: Date;
    to?: Date;
    instructorId?: string;
  },
  page: { limit: number; offset: number },
) {
  const where = and(
    filter.status ? eq(bookings.status, filter.status) : undefined,
    filter.from ? gte(bookings.startTime, filter.from) : undefined,
    filter.to ? lt(bookings.startTime, filter.to) : undefined,
    filter.instructorId ? eq(bookings.instructorId, filter.instructorId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(adminLessonColumns)
      .from(bookings)
      .innerJoin(student, eq(student.id, bookings.studentId))
      .innerJoin(instructor, eq(instructor.id, bookings.instructorId))
      .where(where)
      .orderBy(desc(bookings.startTime), desc(bookings.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(bookings).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findAdminLesson(db: Executor, bookingId: string) {
  const [row] = await db
    .select(adminLessonColumns)
    .from(bookings)
    .innerJoin(student, eq(student.id, bookings.studentId))
    .innerJoin(instructor, eq(instructor.id, bookings.instructorId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}

/**
 * The SCHEDULED lessons still to come that this person takes or teaches, soonest first: what an account
 * suspension cancels (accounts). Only ids: each is cancelled through cancelLessonWithRefund, which locks it.
 */
export async function listFutureScheduledLessonIdsOf(db: Executor, userId: string, now: Date) {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "SCHEDULED"),
        gt(bookings.startTime, now),
        or(eq(bookings.studentId, userId), eq(bookings.instructorId, userId)),
      ),
    )
    .orderBy(asc(bookings.startTime), asc(bookings.id));
  return rows.map((r) => r.id);
}

/** The payments still holding lessons (unpaid checkouts) this user takes or would teach. */
export async function listHeldPaymentIdsOf(db: Executor, userId: string) {
  const rows = await db
    .selectDistinct({ paymentId: bookings.paymentId })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "PENDING_PAYMENT"),
        isNotNull(bookings.paymentId),
        or(eq(bookings.studentId, userId), eq(bookings.instructorId, userId)),
      ),
    );
  return rows.flatMap((r) => (r.paymentId ? [r.paymentId] : []));
}

/**
 * The only place the notifications module touches drizzle: the outbox queue (lib/work-queue.ts), the
 * admin list and the reads that gather what a message needs to say.
 */
import type { OutboxStatus } from "@kerb/shared";
import { and, asc, count, desc, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { bookings, bundles, instructorProfiles, outbox, payments, users } from "../../db/schema/index.ts";
import { notPayoutHeldSql } from "../../db/sql-rules.ts";
import { workQueue } from "../../lib/work-queue.ts";

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * How long a claimed message is left alone before another worker may send it: longer than any send
 * can take (the SMTP timeouts in outbox-delivery.ts), so only a crashed sender's message is taken over.
 */
export const OUTBOX_LEASE_MS = 5 * 60_000;

/**
 * The outbox as a work queue (lib/work-queue.ts): claimed with a lease, SENT when a mail server took
 * it, FAILED after OUTBOX_MAX_ATTEMPTS (an operator can requeue it).
 */
export const outboxQueue = workQueue(outbox, {
  pending: "PENDING",
  done: "SENT",
  failed: "FAILED",
  leaseMs: OUTBOX_LEASE_MS,
});

/**
 * Marks messages SENT. The one-time secret has done its job and is not kept (a retry after a crash
 * before this mark still has it).
 */
export async function markEmailsSent(db: Executor, ids: string[], now: Date) {
  await outboxQueue.markDone(db, ids, { sentAt: now, oneTimeSecret: null });
}

const PREVIEW_CHARS = 160;

// No bodies in the list: a preview of the text body is enough to tell messages apart.
const listColumns = {
  id: outbox.id,
  kind: outbox.kind,
  toEmail: outbox.toEmail,
  toName: outbox.toName,
  subject: outbox.subject,
  preview: sql<string>`left(${outbox.textBody}, ${sql.raw(String(PREVIEW_CHARS))})`,
  attachments: outbox.attachments,
  status: outbox.status,
  attempts: outbox.attempts,
  nextAttemptAt: outbox.nextAttemptAt,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  sentAt: outbox.sentAt,
};

export async function listOutbox(
  db: Executor,
  filter: { status?: OutboxStatus; limit: number; offset: number },
) {
  const where = filter.status ? eq(outbox.status, filter.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(outbox).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findOutboxMessage(db: Executor, id: string) {
  const [row] = await db.select(listColumns).from(outbox).where(eq(outbox.id, id)).limit(1);
  return row;
}

export type OutboxListRow = NonNullable<Awaited<ReturnType<typeof findOutboxMessage>>>;

// ── What the messages say ────────────────────────────────────────────────────────────────────────

const student = alias(users, "student");
const instructor = alias(users, "instructor");

const lessonColumns = {
  id: bookings.id,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  status: bookings.status,
  holdExpiresAt: bookings.holdExpiresAt,
  priceCents: bookings.priceCents,
  isPoolHours: bookings.isPoolHours,
  suburb: bookings.suburb,
  pickupLocation: bookings.pickupLocation,
  paymentId: bookings.paymentId,
  bundleId: bookings.bundleId,
  calendarSequence: bookings.calendarSequence,
  createdAt: bookings.createdAt,
  student: { id: student.id, email: student.email, firstName: student.firstName, lastName: student.lastName },
  instructor: {
    id: instructor.id,
    email: instructor.email,
    firstName: instructor.firstName,
    lastName: instructor.lastName,
  },
};

export type LessonNoticeRow = Awaited<ReturnType<typeof listLessonsForNotice>>[number];

/** Lessons with both people, in start order: these lessons, or every lesson of a payment. */
export function listLessonsForNotice(db: Executor, which: string[] | { paymentId: string }) {
  return db
    .select(lessonColumns)
    .from(bookings)
    .innerJoin(student, eq(student.id, bookings.studentId))
    .innerJoin(instructor, eq(instructor.id, bookings.instructorId))
    .where(Array.isArray(which) ? inArray(bookings.id, which) : eq(bookings.paymentId, which.paymentId))
    .orderBy(asc(bookings.startTime));
}

/** Who paid `paymentId` when it was not the learner (a guardian, issue 23); undefined otherwise. */
export async function findPayer(db: Executor, paymentId: string) {
  const payer = alias(users, "payer");
  const [row] = await db
    .select({ id: payer.id, email: payer.email, firstName: payer.firstName, lastName: payer.lastName })
    .from(payments)
    .innerJoin(payer, eq(payer.id, payments.payerId))
    .where(eq(payments.id, paymentId));
  return row;
}

/** A bundle bought by `paymentId`, with its student, instructor (if any) and invoice. */
export async function findBundlePurchase(db: Executor, paymentId: string) {
  const [row] = await db
    .select({
      id: bundles.id,
      totalLessons: bundles.totalLessons,
      pricePerLessonCents: bundles.pricePerLessonCents,
      suburb: bundles.suburb,
      expiresAt: bundles.expiresAt,
      invoiceNumber: payments.invoiceNumber,
      amountCents: payments.amountCents,
      gstCents: payments.gstCents,
      student: {
        id: student.id,
        email: student.email,
        firstName: student.firstName,
        lastName: student.lastName,
      },
      instructorFirstName: instructor.firstName,
      instructorLastName: instructor.lastName,
    })
    .from(bundles)
    .innerJoin(payments, eq(payments.id, bundles.paymentId))
    .innerJoin(student, eq(student.id, bundles.studentId))
    .leftJoin(instructor, eq(instructor.id, bundles.instructorId))
    .where(eq(bundles.paymentId, paymentId))
    .limit(1);
  return row;
}

/** SCHEDULED lessons starting in (from, to]; the scan asks `isReminderDue` about each. */
export function listLessonsStartingBetween(db: Executor, window: { from: Date; to: Date }) {
  return db
    .select(lessonColumns)
    .from(bookings)
    .innerJoin(student, eq(student.id, bookings.studentId))
    .innerJoin(instructor, eq(instructor.id, bookings.instructorId))
    .where(
      and(
        eq(bookings.status, "SCHEDULED"),
        gt(bookings.startTime, window.from),
        lte(bookings.startTime, window.to),
      ),
    )
    .orderBy(asc(bookings.startTime));
}

/** SCHEDULED lessons (never marked completed or no-show) that ended in (from, to]. */
export function listUnmarkedLessonsEndedBetween(db: Executor, window: { from: Date; to: Date }) {
  return db
    .select(lessonColumns)
    .from(bookings)
    .innerJoin(student, eq(student.id, bookings.studentId))
    .innerJoin(instructor, eq(instructor.id, bookings.instructorId))
    .where(
      and(
        eq(bookings.status, "SCHEDULED"),
        gt(bookings.endTime, window.from),
        lte(bookings.endTime, window.to),
        // Taught while the instructor could not teach: not theirs to mark until an admin decides.
        notPayoutHeldSql,
      ),
    )
    .orderBy(asc(bookings.endTime));
}

/** Instructors with a licence or Working-With-Children check lapsing after `today`, by `until`. */
export function listInstructorsWithDocumentsExpiring(db: Executor, window: { today: string; until: string }) {
  const lapsing = (
    column: typeof instructorProfiles.licenseExpiresOn | typeof instructorProfiles.wwcExpiresOn,
  ) => and(gt(column, window.today), lte(column, window.until));
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      licenseExpiresOn: instructorProfiles.licenseExpiresOn,
      wwcExpiresOn: instructorProfiles.wwcExpiresOn,
    })
    .from(instructorProfiles)
    .innerJoin(users, eq(users.id, instructorProfiles.userId))
    .where(or(lapsing(instructorProfiles.licenseExpiresOn), lapsing(instructorProfiles.wwcExpiresOn)));
}

/**
 * One lesson, found or locked for the rest of the transaction, for whoever asks: its student, its
 * instructor, an admin, or a change that needs it (a cancellation, a no-show dispute, a move proposal).
 * Someone else's lesson is absent. Lists and counts: lesson-lists.ts. Writes: lessons.writes.ts only.
 */
import { and, eq, type SQL } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Executor } from "../../db/client.ts";
import { bookings } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  type StudentBookingRow,
  studentBookingColumns,
  studentBookingInstructor,
  studentBookingInstructorJoin,
} from "../students/index.ts";
import { lessonSettlementColumns, selectAdminLessons, selectInstructorLessons } from "./lesson-columns.ts";

/** What moving a lesson to another time reads of it. */
const movableColumns = {
  id: bookings.id,
  instructorId: bookings.instructorId,
  status: bookings.status,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  isPoolHours: bookings.isPoolHours,
  suburb: bookings.suburb,
};

/** The lesson's `columns`, locked for the rest of the transaction; `owner` narrows it to someone's lessons. */
async function lockLesson<Columns extends SelectedFields>(
  tx: Executor,
  bookingId: string,
  columns: Columns,
  owner?: SQL,
): Promise<SelectResultFields<Columns> | undefined> {
  // Drizzle cannot name a generic selection's row type through .for(); the caller's columns give it.
  const [row] = (await tx
    .select(columns)
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), owner))
    .for("update")) as SelectResultFields<Columns>[];
  return row;
}

/**
 * The student's own lesson, locked for the rest of the transaction (a reschedule against a concurrent
 * cancel or a second reschedule: the later one waits and sees the first one's result). Someone else's
 * lesson is absent.
 */
export function lockStudentLesson(tx: Executor, studentId: string, bookingId: string) {
  return lockLesson(tx, bookingId, movableColumns, eq(bookings.studentId, studentId));
}

/** The student's own lesson as `toStudentBooking` reads it (with price and how it was paid). */
export async function findStudentLessonRow(
  db: Executor,
  studentId: string,
  bookingId: string,
): Promise<StudentBookingRow | undefined> {
  const [row] = await db
    .select(studentBookingColumns)
    .from(bookings)
    .innerJoin(studentBookingInstructor, studentBookingInstructorJoin)
    .where(and(eq(bookings.id, bookingId), eq(bookings.studentId, studentId)));
  return row;
}

export type InstructorLessonRow = NonNullable<Awaited<ReturnType<typeof findInstructorLesson>>>;

/** One lesson, only if it is this instructor's: another instructor's id is simply not found. */
export async function findInstructorLesson(db: Executor, instructorId: string, lessonId: string) {
  const [row] = await selectInstructorLessons(db)
    .where(and(eq(bookings.id, lessonId), eq(bookings.instructorId, instructorId)))
    .limit(1);
  return row;
}

/** The same, or 404 not_found when it is not this instructor's lesson. */
export async function requireInstructorLesson(db: Executor, instructorId: string, lessonId: string) {
  const lesson = await findInstructorLesson(db, instructorId, lessonId);
  if (!lesson) throw new AppError("not_found", "Lesson not found");
  return lesson;
}

/** Locks the instructor's own lesson row for the rest of the transaction; undefined when not theirs. */
export function lockInstructorLesson(tx: Executor, instructorId: string, lessonId: string) {
  return lockLesson(tx, lessonId, { id: bookings.id }, eq(bookings.instructorId, instructorId));
}

export type AdminLessonRow = NonNullable<Awaited<ReturnType<typeof findAdminLesson>>>;

/** Any lesson, as the operator console shows it. */
export async function findAdminLesson(db: Executor, bookingId: string) {
  const [row] = await selectAdminLessons(db).where(eq(bookings.id, bookingId)).limit(1);
  return row;
}

/** What cancelling a lesson reads of it (one lesson, or each of a weekly series'). */
export const cancellationColumns = {
  id: bookings.id,
  instructorId: bookings.instructorId,
  status: bookings.status,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  priceCents: bookings.priceCents,
  paymentId: bookings.paymentId,
  bundleId: bookings.bundleId,
};

/** The lesson as cancelling it needs it, locked until the transaction ends. */
export function lockLessonForCancellation(tx: Executor, bookingId: string) {
  return lockLesson(tx, bookingId, cancellationColumns);
}

/** The same, unlocked, for a preview: an instructor's own lesson when `instructorId` is given. */
export async function findLessonForCancellation(db: Executor, bookingId: string, instructorId?: string) {
  const [row] = await db
    .select(cancellationColumns)
    .from(bookings)
    .where(
      and(
        eq(bookings.id, bookingId),
        instructorId === undefined ? undefined : eq(bookings.instructorId, instructorId),
      ),
    )
    .limit(1);
  return row;
}

/** A lesson as its no-show dispute needs it, locked for the rest of the transaction. */
export function lockLessonForNoShowDispute(tx: Executor, bookingId: string) {
  return lockLesson(tx, bookingId, lessonSettlementColumns);
}

/**
 * A lesson, locked for the rest of the transaction, as proposing a new time for it needs it: the
 * instructor's own when `instructorId` is given (someone else's lesson is absent), any for an admin.
 */
export function lockLessonForProposal(tx: Executor, bookingId: string, instructorId?: string) {
  const owner = instructorId === undefined ? undefined : eq(bookings.instructorId, instructorId);
  return lockLesson(tx, bookingId, { ...movableColumns, studentId: bookings.studentId }, owner);
}

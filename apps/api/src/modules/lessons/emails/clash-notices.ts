/**
 * Telling a student that their instructor's time off clashes with a booked lesson, and again when the
 * clash is resolved, each once. The record is lesson_notices (kind CLASH): a row per clash told, with
 * resolved_at once the student heard it was resolved. A lesson may clash again after being resolved (a
 * day off taken, removed, taken again): that is the next row, told again. The open-notice index keeps
 * one open clash per lesson, so two changes at once tell it once.
 */

import { and, eq, gt, inArray, isNull, max } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { bookings, lessonNotices } from "../../../db/schema/index.ts";
import type { UnitOfWork } from "../../../platform/unit-of-work-effects.ts";
import { type OutboxEmail, recipient } from "../../notifications/index.ts";
import type { NoticeOptions } from "./enqueue-notice.ts";
import { type ClashResolution, lessonClash, lessonClashResolved } from "./lesson-clash.ts";
import * as repo from "./notice-rows.ts";
import { toLessonSummary } from "./notice-rows.ts";

/** The email's dedupe key: the n-th clash of a lesson, and its resolution. */
const clashKey = (bookingId: string, n: number) => `lesson-clash:${bookingId}:${n}`;
const clashResolvedKey = (bookingId: string, n: number) => `lesson-clash-resolved:${bookingId}:${n}`;

const openClash = and(eq(lessonNotices.kind, "CLASH"), isNull(lessonNotices.resolvedAt));

/** Lessons of the instructor (starting after `after`) whose student was told of a clash not resolved yet. */
export async function openClashLessonIds(db: Executor, instructorId: string, after: Date): Promise<string[]> {
  const rows = await db
    .select({ id: lessonNotices.bookingId })
    .from(lessonNotices)
    .innerJoin(bookings, eq(bookings.id, lessonNotices.bookingId))
    .where(and(openClash, eq(bookings.instructorId, instructorId), gt(bookings.startTime, after)));
  return rows.map((r) => r.id);
}

/**
 * Which of these lessons clash with their instructor's time off, as their students were told and not
 * yet told resolved: My bookings shows it on the lesson, and the student may cancel it with a full refund.
 */
export async function openClashBookingIds(db: Executor, bookingIds: readonly string[]): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db
    .select({ id: lessonNotices.bookingId })
    .from(lessonNotices)
    .where(and(openClash, inArray(lessonNotices.bookingId, [...bookingIds])));
  return new Set(rows.map((r) => r.id));
}

/** Each of these lessons' students, not told of this clash yet, is told now; returns the emails written. */
export async function enqueueLessonClashes(
  uow: UnitOfWork,
  input: NoticeOptions & { bookingIds: readonly string[] },
): Promise<string[]> {
  if (input.bookingIds.length === 0) return [];
  const ids = [...input.bookingIds];
  // The next clash number of each lesson; a lesson with an open clash gets no new row (index conflict).
  const last = await uow.tx
    .select({ id: lessonNotices.bookingId, seq: max(lessonNotices.seq) })
    .from(lessonNotices)
    .where(and(eq(lessonNotices.kind, "CLASH"), inArray(lessonNotices.bookingId, ids)))
    .groupBy(lessonNotices.bookingId);
  const lastSeq = new Map(last.map((r) => [r.id, r.seq ?? 0]));
  const inserted = await uow.tx
    .insert(lessonNotices)
    .values(
      ids.map((id) => ({
        bookingId: id,
        kind: "CLASH" as const,
        seq: (lastSeq.get(id) ?? 0) + 1,
        toldAt: input.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: lessonNotices.bookingId, seq: lessonNotices.seq });
  if (inserted.length === 0) return [];
  const seqOf = new Map(inserted.map((r) => [r.id, r.seq]));
  const rows = await repo.listLessonsForNotice(uow.tx, [...seqOf.keys()]);
  const emails: OutboxEmail[] = rows.map((row) => ({
    kind: "lesson_clash",
    to: recipient(row.student),
    ...lessonClash({
      student: row.student,
      instructor: row.instructor,
      lesson: toLessonSummary(row),
      ...(input.appUrl ? { appUrl: input.appUrl } : {}),
    }),
    dedupeKey: clashKey(row.id, seqOf.get(row.id) ?? 1),
    now: input.now,
  }));
  return uow.email(emails);
}

/** Each of these lessons with a clash its student was told of: the student hears how it was resolved. */
export async function enqueueClashesResolved(
  uow: UnitOfWork,
  input: NoticeOptions & { bookingIds: readonly string[]; how: ClashResolution },
): Promise<string[]> {
  if (input.bookingIds.length === 0) return [];
  const resolved = await uow.tx
    .update(lessonNotices)
    .set({ resolvedAt: input.now })
    .where(and(openClash, inArray(lessonNotices.bookingId, [...input.bookingIds])))
    .returning({ id: lessonNotices.bookingId, seq: lessonNotices.seq });
  if (resolved.length === 0) return [];
  const seqOf = new Map(resolved.map((r) => [r.id, r.seq]));
  const rows = await repo.listLessonsForNotice(uow.tx, [...seqOf.keys()]);
  const emails: OutboxEmail[] = rows.map((row) => ({
    kind: "lesson_clash_resolved",
    to: recipient(row.student),
    ...lessonClashResolved({
      student: row.student,
      instructor: row.instructor,
      lesson: toLessonSummary(row),
      how: input.how,
      ...(input.appUrl ? { appUrl: input.appUrl } : {}),
    }),
    dedupeKey: clashResolvedKey(row.id, seqOf.get(row.id) ?? 1),
    now: input.now,
  }));
  return uow.email(emails);
}

/**
 * Telling a student that their instructor's time off clashes with a booked lesson, and again when the
 * clash is resolved, each once. The outbox's dedupe keys are the record: the n-th clash of a lesson is
 * `lesson-clash:<bookingId>:<n>` and its resolution `lesson-clash-resolved:<bookingId>:<n>`, so a clash
 * is open while a lesson has more clash keys than resolved keys. A lesson may clash again after being
 * resolved (a day off taken, removed, taken again): that is the next n, told again. Two changes at once
 * compute the same key, and the outbox keeps one.
 */
import { sql } from "drizzle-orm";
import { type Executor, executeRows } from "../../../db/client.ts";
import { bookings, outbox } from "../../../db/schema/index.ts";
import type { UnitOfWork } from "../../../unit-of-work.ts";
import type { OutboxEmail } from "../../notifications/index.ts";
import { type ClashResolution, lessonClash, lessonClashResolved } from "./lesson-clash.ts";
import { type NoticeOptions, recipient, toLessonSummary } from "./notice-parts.ts";
import * as repo from "./notice-rows.ts";

export const clashKey = (bookingId: string, n: number) => `lesson-clash:${bookingId}:${n}`;
export const clashResolvedKey = (bookingId: string, n: number) => `lesson-clash-resolved:${bookingId}:${n}`;

interface ClashState {
  /** Clash emails of the lesson so far, and resolutions. Open when told > resolved. */
  told: number;
  resolved: number;
}

/**
 * The clash notices of the given lessons, or of every lesson of `instructorId` starting after `after`
 * that has any: lessons without any are left out.
 */
async function clashStates(
  db: Executor,
  which: { bookingIds: readonly string[] } | { instructorId: string; after: Date },
): Promise<Map<string, ClashState>> {
  if ("bookingIds" in which && which.bookingIds.length === 0) return new Map();
  const lessons =
    "bookingIds" in which
      ? sql`${bookings.id} = any(${`{${which.bookingIds.join(",")}}`}::uuid[])`
      : sql`${bookings.instructorId} = ${which.instructorId} and ${bookings.startTime} > ${which.after.toISOString()}::timestamptz`;
  const rows = await executeRows<{ id: string; told: number; resolved: number }>(
    db,
    sql`select ${bookings.id} as id,
          count(*) filter (where ${outbox.dedupeKey} like 'lesson-clash:%')::int as told,
          count(*) filter (where ${outbox.dedupeKey} like 'lesson-clash-resolved:%')::int as resolved
        from ${bookings}
        join ${outbox} on ${outbox.dedupeKey} like 'lesson-clash%:' || ${bookings.id}::text || ':%'
        where ${lessons}
        group by ${bookings.id}`,
  );
  return new Map(rows.map((r) => [r.id, { told: Number(r.told), resolved: Number(r.resolved) }]));
}

const isOpen = (state: ClashState | undefined) => state !== undefined && state.told > state.resolved;

/** Lessons of the instructor (starting after `after`) whose student was told of a clash not resolved yet. */
export async function openClashLessonIds(db: Executor, instructorId: string, after: Date): Promise<string[]> {
  const states = await clashStates(db, { instructorId, after });
  return [...states].filter(([, s]) => isOpen(s)).map(([id]) => id);
}

/** Each of these lessons' students, not told of this clash yet, is told now; returns the emails written. */
export async function enqueueLessonClashes(
  uow: UnitOfWork,
  input: NoticeOptions & { bookingIds: readonly string[] },
): Promise<string[]> {
  const states = await clashStates(uow.tx, { bookingIds: input.bookingIds });
  const untold = input.bookingIds.filter((id) => !isOpen(states.get(id)));
  if (untold.length === 0) return [];
  const rows = await repo.listLessonsForNotice(uow.tx, untold);
  const emails: OutboxEmail[] = rows.map((row) => ({
    kind: "lesson_clash",
    to: recipient(row.student),
    ...lessonClash({
      student: row.student,
      instructor: row.instructor,
      lesson: toLessonSummary(row),
      ...(input.appUrl ? { appUrl: input.appUrl } : {}),
    }),
    dedupeKey: clashKey(row.id, (states.get(row.id)?.told ?? 0) + 1),
    now: input.now,
  }));
  return uow.email(emails);
}

/** Each of these lessons with a clash its student was told of: the student hears how it was resolved. */
export async function enqueueClashesResolved(
  uow: UnitOfWork,
  input: NoticeOptions & { bookingIds: readonly string[]; how: ClashResolution },
): Promise<string[]> {
  const states = await clashStates(uow.tx, { bookingIds: input.bookingIds });
  const open = input.bookingIds.filter((id) => isOpen(states.get(id)));
  if (open.length === 0) return [];
  const rows = await repo.listLessonsForNotice(uow.tx, open);
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
    dedupeKey: clashResolvedKey(row.id, states.get(row.id)?.told ?? 1),
    now: input.now,
  }));
  return uow.email(emails);
}

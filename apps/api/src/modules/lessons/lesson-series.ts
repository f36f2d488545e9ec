/**
 * Weekly series (issue 34, decision 043): the lesson_series rows and what the lessons module reads of a
 * series. Only this module writes lesson_series, as it alone writes the lessons that name one.
 */
import type { LessonSeriesInfo } from "@kerb/shared";
import { weeklySeriesLabel } from "@kerb/shared/rules";
import { and, asc, eq, gt, inArray, isNotNull, ne } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bookings, lessonSeries } from "../../db/schema/index.ts";
import { cancellationColumns } from "./lesson-reads.ts";

/** A new series, written in the checkout's transaction before the lessons that name it. */
export async function createLessonSeries(
  tx: Executor,
  row: { studentId: string; instructorId: string; weeks: number; firstStartTime: Date; createdAt: Date },
): Promise<string> {
  const [created] = await tx.insert(lessonSeries).values(row).returning({ id: lessonSeries.id });
  if (!created) throw new Error("lesson_series insert returned no row");
  return created.id;
}

/** The student's own series; someone else's is absent. */
export async function findOwnSeries(db: Executor, studentId: string, seriesId: string) {
  const [row] = await db
    .select({ id: lessonSeries.id, weeks: lessonSeries.weeks })
    .from(lessonSeries)
    .where(and(eq(lessonSeries.id, seriesId), eq(lessonSeries.studentId, studentId)));
  return row;
}

/**
 * The series' booked lessons still to come (SCHEDULED, not started), in time order; with `lock`, locked
 * for the rest of the transaction so a concurrent cancel or move of one of them waits.
 */
export async function listFutureSeriesLessons(
  db: Executor,
  seriesId: string,
  now: Date,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select(cancellationColumns)
    .from(bookings)
    .where(
      and(eq(bookings.seriesId, seriesId), eq(bookings.status, "SCHEDULED"), gt(bookings.startTime, now)),
    )
    .orderBy(asc(bookings.startTime));
  return options.lock ? query.for("update") : query;
}

/**
 * Each lesson's place in its series ("Weekly · 3 of 6"), by lesson id; lessons not in a series are
 * absent. Released holds (EXPIRED) never were lessons and are not counted; cancelled ones keep their place.
 */
export async function seriesInfoOf(
  db: Executor,
  lessonIds: readonly string[],
): Promise<Map<string, LessonSeriesInfo>> {
  const info = new Map<string, LessonSeriesInfo>();
  if (lessonIds.length === 0) return info;
  const inSeries = db
    .select({ seriesId: bookings.seriesId })
    .from(bookings)
    .where(and(inArray(bookings.id, [...lessonIds]), isNotNull(bookings.seriesId)));
  const rows = await db
    .select({ id: bookings.id, seriesId: bookings.seriesId })
    .from(bookings)
    .where(and(inArray(bookings.seriesId, inSeries), ne(bookings.status, "EXPIRED")))
    .orderBy(asc(bookings.startTime));
  const bySeries = new Map<string, string[]>();
  for (const row of rows) {
    if (!row.seriesId) continue;
    const ids = bySeries.get(row.seriesId) ?? [];
    ids.push(row.id);
    bySeries.set(row.seriesId, ids);
  }
  for (const [seriesId, ids] of bySeries) {
    ids.forEach((id, i) => {
      info.set(id, {
        id: seriesId,
        position: i + 1,
        count: ids.length,
        label: weeklySeriesLabel(i + 1, ids.length),
      });
    });
  }
  return info;
}

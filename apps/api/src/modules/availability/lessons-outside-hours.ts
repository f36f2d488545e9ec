/**
 * Lessons their instructor's hours no longer cover: a day off, leave or changed hours taken after the
 * lesson's time was chosen. The checkout asks it of held lessons before they are paid for, so a hold
 * does not become a booked lesson inside the instructor's time off.
 */
import { sydneyDateOf } from "@kerb/shared/rules";
import type { Executor } from "../../db/client.ts";
import { listExceptions, listWeeklyRules } from "./availability.repository.ts";
import { fitsWorkingHours } from "./working-hours.ts";

interface LessonTime {
  id: string;
  instructorId: string;
  startTime: Date;
  endTime: Date;
}

/** The ids of `lessons` outside their instructor's working hours now, in the order given. */
export async function lessonsOutsideHours(db: Executor, lessons: readonly LessonTime[]): Promise<string[]> {
  if (lessons.length === 0) return [];
  const instructorIds = [...new Set(lessons.map((l) => l.instructorId))];
  const dates = lessons.map((l) => sydneyDateOf(l.startTime)).sort();
  // One after the other: `db` may be the payment's transaction.
  const rules = await listWeeklyRules(db, instructorIds);
  const exceptions = await listExceptions(db, instructorIds, dates[0] ?? "", dates.at(-1) ?? "");
  return lessons
    .filter(
      (lesson) =>
        !fitsWorkingHours(
          lesson,
          rules.find((r) => r.instructorId === lesson.instructorId)?.rules ?? [],
          exceptions.filter((e) => e.instructorId === lesson.instructorId),
        ),
    )
    .map((lesson) => lesson.id);
}

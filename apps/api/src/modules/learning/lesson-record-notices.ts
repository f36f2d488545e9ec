/** A lesson's record reaches its learner once, when the instructor first saves it (issue 23). */
import type { SkillLevel } from "@kerb/shared";
import type { UnitOfWork } from "../../platform/unit-of-work-effects.ts";
import { enqueueOne, listLessonsForNotice, type NoticeOptions } from "../lessons/index.ts";
import { recipient } from "../notifications/index.ts";
import { lessonRecorded } from "./lesson-recorded-email.ts";

export async function enqueueLessonRecorded(
  uow: UnitOfWork,
  input: NoticeOptions & {
    bookingId: string;
    skills: ReadonlyArray<{ skill: string; level: SkillLevel }>;
    note: string;
    logbookConfirmed: boolean;
  },
): Promise<string | null> {
  const [row] = await listLessonsForNotice(uow.tx, [input.bookingId]);
  if (!row) return null;
  return enqueueOne(uow, {
    kind: "lesson_recorded",
    to: recipient(row.student),
    ...lessonRecorded({
      student: row.student,
      instructor: row.instructor,
      lesson: { startTime: row.startTime, endTime: row.endTime },
      skills: input.skills,
      note: input.note,
      logbookConfirmed: input.logbookConfirmed,
      ...(input.appUrl ? { appUrl: input.appUrl } : {}),
    }),
    // Told once, on the first save: later edits change the progress page, not the learner's inbox.
    dedupeKey: `lesson-recorded:${row.id}`,
    now: input.now,
  });
}

/**
 * The scheduled lesson emails the notification scan asks for: the 24-hour reminder (both people) and
 * "mark the lesson you taught" to the instructor. Each is keyed by its event, so a scan run twice, or in
 * several processes at once, enqueues it once (the outbox's unique key decides).
 */

import {
  isMarkLessonDue,
  isReminderDue,
  MARK_LESSON_LOOKBACK_DAYS,
  reminderWindow,
} from "@kerb/shared/rules";
import type { UnitOfWork } from "../../../platform/unit-of-work-effects.ts";
import { recipient } from "../../notifications/index.ts";
import { lessonReminder, markLessonReminder } from "./lesson-reminders.ts";
import * as repo from "./notice-rows.ts";
import { toLessonSummary } from "./notice-rows.ts";

async function enqueueReminders(uow: UnitOfWork, now: Date, appUrl: string): Promise<number> {
  let enqueued = 0;
  for (const row of await repo.listLessonsStartingBetween(uow.tx, reminderWindow(now))) {
    if (!isReminderDue({ startTime: row.startTime, bookedAt: row.createdAt }, now)) continue;
    for (const who of ["STUDENT", "INSTRUCTOR"] as const) {
      const [id] = await uow.email({
        kind: "lesson_reminder",
        to: recipient(who === "STUDENT" ? row.student : row.instructor),
        ...lessonReminder({
          recipient: who,
          student: row.student,
          instructor: row.instructor,
          lesson: toLessonSummary(row),
          appUrl,
        }),
        dedupeKey: `reminder:${row.id}:${who.toLowerCase()}`,
        now,
      });
      if (id) enqueued += 1;
    }
  }
  return enqueued;
}

async function enqueueMarkLesson(uow: UnitOfWork, now: Date, appUrl: string): Promise<number> {
  let enqueued = 0;
  const from = new Date(now.getTime() - MARK_LESSON_LOOKBACK_DAYS * 24 * 3_600_000);
  for (const row of await repo.listUnmarkedLessonsEndedBetween(uow.tx, { from, to: now })) {
    if (!isMarkLessonDue(row, now)) continue;
    const [id] = await uow.email({
      kind: "mark_lesson",
      to: recipient(row.instructor),
      ...markLessonReminder({
        student: row.student,
        instructor: row.instructor,
        lesson: toLessonSummary(row),
        appUrl,
      }),
      dedupeKey: `mark-lesson:${row.id}`,
      now,
    });
    if (id) enqueued += 1;
  }
  return enqueued;
}

/** Every lesson reminder and "mark the lesson" email now due; returns how many were enqueued of each. */
export async function enqueueDueLessonReminders(uow: UnitOfWork, now: Date, appUrl: string) {
  return {
    reminders: await enqueueReminders(uow, now, appUrl),
    markLesson: await enqueueMarkLesson(uow, now, appUrl),
  };
}

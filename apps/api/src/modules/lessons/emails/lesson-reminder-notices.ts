/**
 * The scheduled lesson emails the notification scan asks for: the 24-hour reminder (both people) and
 * "mark the lessons you taught" to the instructor (batched per instructor). Each is keyed by what it
 * covers, so a scan run twice, or in several processes at once, enqueues it once (the outbox's unique
 * key decides).
 */

import {
  isMarkLessonDue,
  isReminderDue,
  MARK_LESSON_LOOKBACK_DAYS,
  mayNudgeInstructorAgain,
  reminderWindow,
} from "@kerb/shared/rules";
import { groupBy } from "../../../lib/group-by.ts";
import type { UnitOfWork } from "../../../platform/unit-of-work-effects.ts";
import { listEmailsOfKindSince, recipient } from "../../notifications/index.ts";
import { lessonReminder, markLessonsReminder } from "./lesson-reminders.ts";
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

const MARK_LESSON_KEY = "mark-lesson:";
/** The key names every lesson an email covers: this many keeps it well inside a B-tree index entry. */
const MARK_LESSONS_PER_EMAIL = 25;

/**
 * The lessons a "mark the lesson" email covered, from its dedupe key: `mark-lesson:<id>` for one lesson
 * (as every nudge was keyed before they were batched), `mark-lesson:<id>+<id>…` for several.
 */
const lessonsCoveredBy = (dedupeKey: string | null) =>
  dedupeKey?.startsWith(MARK_LESSON_KEY) ? dedupeKey.slice(MARK_LESSON_KEY.length).split("+") : [];

/**
 * "Mark the lesson" nudges, one email per instructor listing every lesson of theirs that is due and no
 * earlier nudge covered, so a backlog (a first scan, lessons an admin releases, a scan after an outage)
 * is one email, not one a lesson. After a nudge the instructor gets none for MARK_LESSON_BATCH_MINUTES:
 * what falls due meanwhile waits for the next. The outbox's dedupe keys name the lessons each email
 * covered, so a lesson is nudged about once, and a second scan at the same moment writes the same key.
 */
async function enqueueMarkLesson(uow: UnitOfWork, now: Date, appUrl: string): Promise<number> {
  const from = new Date(now.getTime() - MARK_LESSON_LOOKBACK_DAYS * 24 * 3_600_000);
  const due = (await repo.listUnmarkedLessonsEndedBetween(uow.tx, { from, to: now })).filter((row) =>
    isMarkLessonDue(row, now),
  );
  if (due.length === 0) return 0;
  const covered = new Set<string>();
  const lastSentTo = new Map<string, Date>();
  for (const sent of await listEmailsOfKindSince(uow.tx, "mark_lesson", from)) {
    for (const id of lessonsCoveredBy(sent.dedupeKey)) covered.add(id);
    const last = lastSentTo.get(sent.toEmail);
    if (sent.createdAt <= now && (!last || sent.createdAt > last))
      lastSentTo.set(sent.toEmail, sent.createdAt);
  }
  let enqueued = 0;
  const uncovered = due.filter((row) => !covered.has(row.id));
  for (const all of groupBy(uncovered, (row) => row.instructor.id).values()) {
    const instructor = all[0]?.instructor;
    if (!instructor || !mayNudgeInstructorAgain(lastSentTo.get(instructor.email) ?? null, now)) continue;
    for (let i = 0; i < all.length; i += MARK_LESSONS_PER_EMAIL) {
      const rows = all.slice(i, i + MARK_LESSONS_PER_EMAIL);
      const [id] = await uow.email({
        kind: "mark_lesson",
        to: recipient(instructor),
        ...markLessonsReminder({
          instructor,
          lessons: rows.map((row) => ({ student: row.student, lesson: toLessonSummary(row) })),
          appUrl,
        }),
        dedupeKey: `${MARK_LESSON_KEY}${rows.map((row) => row.id).join("+")}`,
        now,
      });
      if (id) enqueued += 1;
    }
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

/**
 * When the scheduled emails are due: the 24-hour lesson reminder, the "mark the lesson you taught"
 * nudge, and the documents-expiring notice. The scan that sends them asks these rules, and a dedupe
 * key per event makes a second scan (or a second process) a no-op.
 */
import { addDaysToDate } from "./sydney-time.ts";

export const REMINDER_LEAD_HOURS = 24;
/** A lesson that ended longer ago than this gets no nudge: a first scan must not email old history. */
export const MARK_LESSON_LOOKBACK_DAYS = 7;
export const DOCUMENT_EXPIRY_NOTICE_DAYS = 30;

const HOUR_MS = 3_600_000;

/**
 * The reminder is due from 24 h before the start until the start. A lesson booked inside that window
 * gets none: its booking confirmation, a moment ago, already said when it is.
 */
export function isReminderDue(lesson: { startTime: Date; bookedAt: Date }, now: Date): boolean {
  const remindFrom = lesson.startTime.getTime() - REMINDER_LEAD_HOURS * HOUR_MS;
  return (
    now.getTime() >= remindFrom &&
    now.getTime() < lesson.startTime.getTime() &&
    lesson.bookedAt.getTime() < remindFrom
  );
}

/** Lessons starting in this window may be due a reminder (the scan's query bounds). */
export function reminderWindow(now: Date): { from: Date; to: Date } {
  return { from: now, to: new Date(now.getTime() + REMINDER_LEAD_HOURS * HOUR_MS) };
}

/** A scheduled lesson that has ended, recently enough to ask the instructor to mark it. */
export function isMarkLessonDue(lesson: { endTime: Date }, now: Date): boolean {
  const end = lesson.endTime.getTime();
  return end <= now.getTime() && end > now.getTime() - MARK_LESSON_LOOKBACK_DAYS * 24 * HOUR_MS;
}

/**
 * How long after a "mark your lesson" email the instructor gets no other: lessons that become due in
 * that time wait and go out together in the next one (issue 30: six nudges in a minute are one email).
 */
export const MARK_LESSON_BATCH_MINUTES = 10;

/**
 * Whether an instructor last asked to mark lessons at `lastSentAt` (null: never, within the lookback)
 * may be asked again now. A send stamped after `now` (a clock set back) does not hold anything up.
 */
export function mayNudgeInstructorAgain(lastSentAt: Date | null, now: Date): boolean {
  if (lastSentAt === null) return true;
  const since = now.getTime() - lastSentAt.getTime();
  return since < 0 || since >= MARK_LESSON_BATCH_MINUTES * 60_000;
}

/**
 * A document expiring on `expiresOn` (Sydney date) is due its notice from 30 days before until the day
 * before it lapses; on the day it lapses the instructor is no longer listed, which is another message.
 */
export function isDocumentExpiringSoon(expiresOn: string, today: string): boolean {
  return expiresOn > today && expiresOn <= addDaysToDate(today, DOCUMENT_EXPIRY_NOTICE_DAYS);
}

/** Whole days from `today` until `expiresOn` (both Sydney dates). */
export function daysUntil(expiresOn: string, today: string): number {
  return Math.round(
    (Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / (24 * HOUR_MS),
  );
}

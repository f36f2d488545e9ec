/**
 * Which lessons still fit an instructor's hours and settings after a change. Pure: the service loads
 * the rows and this decides, so the rules are unit-testable without a database.
 */
import type { AffectedBooking } from "@kerb/shared";
import {
  type DateOverride,
  daysBetween,
  sydneyDateOf,
  sydneyMinutesOf,
  sydneyWeekday,
  teachesInSuburb,
  type WeeklyHours,
  workingWindowsOn,
} from "@kerb/shared/rules";

export type WeeklyRule = WeeklyHours;

export interface DateException extends DateOverride {
  date: string;
}

export type Window = [startMinute: number, endMinute: number];
type Reason = AffectedBooking["reasons"][number];

/**
 * Working windows of one Sydney date (the shared rule), as [start, end] minute pairs; `exceptions` may
 * hold other dates too.
 */
export function windowsForDate(date: string, rules: WeeklyRule[], exceptions: DateException[]): Window[] {
  const onDate = exceptions.filter((e) => e.date === date);
  return workingWindowsOn(sydneyWeekday(date), rules, onDate).map((w) => [w.startMinute, w.endMinute]);
}

/** True when the lesson lies wholly inside one working window of its Sydney start date. */
export function fitsWorkingHours(
  lesson: { startTime: Date; endTime: Date },
  rules: WeeklyRule[],
  exceptions: DateException[],
): boolean {
  const date = sydneyDateOf(lesson.startTime);
  const start = sydneyMinutesOf(lesson.startTime);
  // Wall-clock end on the start's day: a lesson ending at midnight ends at minute 1440.
  const end = sydneyMinutesOf(lesson.endTime) + 1440 * daysBetween(date, sydneyDateOf(lesson.endTime));
  return windowsForDate(date, rules, exceptions).some(([from, to]) => start >= from && end <= to);
}

interface InstructorSettingsSnapshot {
  rules: WeeklyRule[];
  exceptions: DateException[];
  suburbs: string[];
  poolOptIn: boolean;
}

/** Why a scheduled lesson no longer fits; empty when it still does. */
export function conflictReasons(
  lesson: { startTime: Date; endTime: Date; suburb: string; isPoolHours: boolean },
  settings: InstructorSettingsSnapshot,
): Reason[] {
  const reasons: Reason[] = [];
  if (!fitsWorkingHours(lesson, settings.rules, settings.exceptions)) reasons.push("OUTSIDE_HOURS");
  if (!teachesInSuburb(settings.suburbs, lesson.suburb)) reasons.push("SUBURB_NOT_SERVED");
  if (lesson.isPoolHours && !settings.poolOptIn) reasons.push("POOL_OPT_OUT");
  return reasons;
}

/** The warning sent with affected lessons: they are kept, and the instructor has to act. */
export function affectedWarning(count: number): string | null {
  if (count === 0) return null;
  const lessons =
    count === 1 ? "1 scheduled lesson no longer fits" : `${count} scheduled lessons no longer fit`;
  const kept = count === 1 ? "It has" : "They have";
  return (
    `${lessons} your hours or settings. ${kept} NOT been cancelled: contact the student, or cancel from ` +
    "your lessons list (the student is refunded in full)."
  );
}

/**
 * Which lessons still fit an instructor's hours and settings after a change. Pure: the service loads
 * the rows and this decides, so the rules are unit-testable without a database.
 */
import type { AffectedBooking } from "@kerb/shared";
import { daysBetween, sydneyDateOf, sydneyMinutesOf, sydneyWeekday } from "@kerb/shared/rules";

export interface WeeklyRule {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

export interface DateException {
  date: string;
  kind: "CLOSED" | "OPEN";
  startMinute: number | null;
  endMinute: number | null;
}

export type Window = [startMinute: number, endMinute: number];
type Reason = AffectedBooking["reasons"][number];

/** Sorted windows with touching or overlapping ones joined (09–12 + 12–15 is one window 09–15). */
export function mergeWindows(windows: Window[]): Window[] {
  const sorted = [...windows].sort((a, b) => a[0] - b[0]);
  const merged: Window[] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/**
 * Working windows of one Sydney date: a CLOSED exception takes the day off; OPEN exceptions replace the
 * weekly hours of that date (several add up); otherwise the weekly rules of its weekday apply.
 */
export function windowsForDate(date: string, rules: WeeklyRule[], exceptions: DateException[]): Window[] {
  const onDate = exceptions.filter((e) => e.date === date);
  if (onDate.some((e) => e.kind === "CLOSED")) return [];
  const open = onDate.filter(
    (e): e is DateException & { startMinute: number; endMinute: number } =>
      e.kind === "OPEN" && e.startMinute !== null && e.endMinute !== null,
  );
  if (open.length > 0) return mergeWindows(open.map((e) => [e.startMinute, e.endMinute]));
  const weekday = sydneyWeekday(date);
  return mergeWindows(rules.filter((r) => r.weekday === weekday).map((r) => [r.startMinute, r.endMinute]));
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

export interface InstructorSettingsSnapshot {
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
  if (!settings.suburbs.includes(lesson.suburb)) reasons.push("SUBURB_NOT_SERVED");
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

import { SYDNEY_TZ } from "@kerb/shared";
import {
  dollarsToCents,
  formatAud,
  formatIsoDate,
  formatSydneyDate,
  formatSydneyTime,
  formatSydneyTimeRange,
  sydneyWeekday,
} from "@kerb/shared/rules";

/** "1 lesson", "3 lessons" */
export const lessonCount = (n: number) => `${n} ${n === 1 ? "lesson" : "lessons"}`;

/** API money fields are dollars; display goes through the shared cents formatter. */
export function formatDollars(dollars: number): string {
  return formatAud(dollarsToCents(dollars));
}

export function formatDate(iso: string): string {
  return formatSydneyDate(new Date(iso));
}

export function formatTime(iso: string): string {
  return formatSydneyTime(new Date(iso));
}

/** "3:42 pm", or "3:42 pm on 26/11/2026" when that is another day in Sydney than `now`. */
export function formatTimeOnDay(iso: string, now: number): string {
  const sameDay = formatDate(iso) === formatDate(new Date(now).toISOString());
  return sameDay ? formatTime(iso) : `${formatTime(iso)} on ${formatDate(iso)}`;
}

/** "24/11/2026 at 10:00 am", in Sydney. */
export function formatDateTime(iso: string): string {
  return `${formatDate(iso)} at ${formatTime(iso)}`;
}

const weekdayFormatter = new Intl.DateTimeFormat("en-AU", { weekday: "short", timeZone: SYDNEY_TZ });

/** "Tue", in Sydney: the day a lesson happens on where it happens. */
export function formatWeekday(iso: string): string {
  return weekdayFormatter.format(new Date(iso));
}

/** "9:00 am – 10:00 am" (with AEDT/AEST on both ends when daylight saving changes in between). */
export function formatTimeRange(startIso: string, endIso: string): string {
  return formatSydneyTimeRange(new Date(startIso), new Date(endIso));
}

/** "2026-11-03" → "03/11/2026": the shared rule, which the API's messages use too. */
export { formatIsoDate };

/** Weekday numbers as the API uses them (0 = Sunday) → "Sun", "Mon", … */
export const SHORT_WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** "2026-11-03" → "Tue 03/11/2026". */
export function formatIsoDateWithWeekday(date: string): string {
  try {
    return `${SHORT_WEEKDAYS[sydneyWeekday(date)]} ${formatIsoDate(date)}`;
  } catch {
    return formatIsoDate(date);
  }
}

const monthFormatter = new Intl.DateTimeFormat("en-AU", { month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-11" → "November 2026" (the API's months are Sydney calendar months, so no zone maths here). */
export function formatMonth(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number);
  if (!year || !monthNumber) return month;
  return monthFormatter.format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

/** "Tue 24/11/2026, 10:00 am – 11:00 am with Ivy Teacher": a lesson as its dialogs name it. */
export function lessonDescription(lesson: {
  startTime: string;
  endTime: string;
  instructor: { firstName: string; lastName: string };
}): string {
  return `${formatWeekday(lesson.startTime)} ${formatDate(lesson.startTime)}, ${formatTimeRange(
    lesson.startTime,
    lesson.endTime,
  )} with ${lesson.instructor.firstName} ${lesson.instructor.lastName}`;
}

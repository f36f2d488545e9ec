import { minutesToTime, type TimeRange, timeRangeWindow, timeToMinutes } from "@kerb/shared";
import { firstOverlap } from "@kerb/shared/rules";
import { formatClockRange } from "./time-of-day";

/** Weekday numbers as the API uses them (0 = Sunday), listed Monday first as Australian calendars do. */
export const WEEKDAYS = [
  { weekday: 1, name: "Monday" },
  { weekday: 2, name: "Tuesday" },
  { weekday: 3, name: "Wednesday" },
  { weekday: 4, name: "Thursday" },
  { weekday: 5, name: "Friday" },
  { weekday: 6, name: "Saturday" },
  { weekday: 0, name: "Sunday" },
] as const;

export const MAX_RANGES_PER_DAY = 12;

/** weekday → its ranges; a day with no ranges is a day off. */
export type WeeklyHours = Record<number, TimeRange[]>;

export function toWeeklyHours(
  weekly: readonly { weekday: number; ranges: readonly TimeRange[] }[],
): WeeklyHours {
  const hours: WeeklyHours = {};
  for (const { weekday } of WEEKDAYS) hours[weekday] = [];
  for (const day of weekly) hours[day.weekday] = day.ranges.map((r) => ({ ...r }));
  return hours;
}

export function toWeeklyPayload(hours: WeeklyHours) {
  return {
    weekly: WEEKDAYS.map(({ weekday }) => ({
      weekday,
      ranges: [...(hours[weekday] ?? [])].sort((a, b) => timeToMinutes(a.start) - timeToMinutes(b.start)),
    })),
  };
}

/**
 * The range a new "Add hours" row starts with: 9 to 5 on an empty day, otherwise the two hours after the
 * day's last range (or the last free hour before midnight).
 */
export function nextRange(ranges: readonly TimeRange[]): TimeRange {
  if (ranges.length === 0) return { start: "09:00", end: "17:00" };
  const lastEnd = Math.max(...ranges.map((r) => timeToMinutes(r.end)));
  const start = Math.min(lastEnd, 23 * 60);
  return { start: minutesToTime(start), end: minutesToTime(Math.min(start + 120, 24 * 60)) };
}

export type DayErrors = {
  /** Index of a range → its own problem (end not after start). */
  ranges: Record<number, string>;
  /** A problem between ranges (overlap), shown under the day. */
  day?: string;
};

/** Same rules as the API's weekly schema (shared), worded for the form; null when the day is fine. */
function validateDay(ranges: readonly TimeRange[]): DayErrors | null {
  const errors: DayErrors = { ranges: {} };
  ranges.forEach((range, index) => {
    if (timeToMinutes(range.end) <= timeToMinutes(range.start)) {
      errors.ranges[index] = "End time must be after start time";
    }
  });
  const valid = ranges.filter((_, index) => errors.ranges[index] === undefined);
  // The shared overlap rule, the same one the API's weekly schema applies.
  const overlap = firstOverlap(valid, timeRangeWindow);
  if (overlap) {
    const [previous, current] = overlap;
    errors.day = `${formatClockRange(previous.start, previous.end)} overlaps ${formatClockRange(current.start, current.end)}`;
  }
  return Object.keys(errors.ranges).length > 0 || errors.day ? errors : null;
}

export function validateWeek(hours: WeeklyHours): Record<number, DayErrors> {
  const result: Record<number, DayErrors> = {};
  for (const { weekday } of WEEKDAYS) {
    const errors = validateDay(hours[weekday] ?? []);
    if (errors) result[weekday] = errors;
  }
  return result;
}

/** Hours a week, for the summary line ("38 hours a week"). */
export function weeklyTotalHours(hours: WeeklyHours): number {
  let minutes = 0;
  for (const ranges of Object.values(hours)) {
    for (const r of ranges) minutes += Math.max(0, timeToMinutes(r.end) - timeToMinutes(r.start));
  }
  return minutes / 60;
}

/**
 * The pure half of the availability engine: from one instructor's weekly rules, date exceptions and
 * busy periods to the lesson starts that are open. No database, no clock: everything is passed in.
 */
import { LESSON_MINUTES } from "@kerb/shared";
import {
  type DateOverride,
  eachDateInRange,
  hourlyLessonStarts,
  isBookableStart,
  isPoolHourStart,
  type MinuteWindow,
  sydneyWeekday,
  type WeeklyHours,
  workingWindowsOn,
} from "@kerb/shared/rules";

export const LESSON_MS = LESSON_MINUTES * 60_000;

export type WeeklyRule = WeeklyHours;
export type { MinuteWindow };

/** A date override of the shared working-hours rule, with the date it applies to. */
export interface DateException extends DateOverride {
  date: string;
}

/** A taken period [start, end) in epoch milliseconds. */
export type BusyPeriod = readonly [startMs: number, endMs: number];

/**
 * A booked period with the instant its checkout hold lapses (rules/holds.ts), or null when it keeps
 * its time whatever the clock says (a scheduled lesson, a hold without expiry).
 */
export type BookedPeriod = readonly [startMs: number, endMs: number, lapsesAtMs: number | null];

/** "Is [start, end) taken?" — a BusyIndex, or several combined. */
export interface BusyLookup {
  overlaps(startMs: number, endMs: number): boolean;
}

/** A Sydney date with its weekday, worked out once per request rather than once per instructor. */
export interface CalendarDay {
  date: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

export function calendarDays(startDate: string, endDate: string): CalendarDay[] {
  return eachDateInRange(startDate, endDate).map((date) => ({ date, weekday: sydneyWeekday(date) }));
}

export interface DatedStart {
  /** Sydney calendar date the lesson starts on. */
  date: string;
  start: Date;
}

// The Sydney time-zone conversions behind hourlyLessonStarts and isPoolHourStart cost tens of
// microseconds each; a suburb's instructors share a handful of windows, so both are memoised. They are
// pure functions of their arguments, so the caches can never go stale; they are only bounded.
const CACHE_LIMIT = 50_000;
const startsCache = new Map<string, readonly Date[]>();
const poolCache = new Map<number, boolean>();

/** hourlyLessonStarts, memoised. The returned array is shared: never mutate it. */
export function cachedHourlyLessonStarts(
  date: string,
  fromMinutes: number,
  toMinutes: number,
): readonly Date[] {
  const key = `${date}|${fromMinutes}|${toMinutes}`;
  let starts = startsCache.get(key);
  if (!starts) {
    if (startsCache.size >= CACHE_LIMIT) startsCache.clear();
    starts = hourlyLessonStarts(date, fromMinutes, toMinutes);
    startsCache.set(key, starts);
  }
  return starts;
}

/** isPoolHourStart, memoised by instant. */
export function cachedIsPoolHourStart(start: Date): boolean {
  const ms = start.getTime();
  let isPool = poolCache.get(ms);
  if (isPool === undefined) {
    if (poolCache.size >= CACHE_LIMIT) poolCache.clear();
    isPool = isPoolHourStart(start);
    poolCache.set(ms, isPool);
  }
  return isPool;
}

/** Lesson starts of one date for the given windows: overlapping windows give each start once, in order. */
export function lessonStartsInWindows(date: string, windows: readonly MinuteWindow[]): readonly Date[] {
  if (windows.length === 0) return [];
  const [only] = windows;
  if (windows.length === 1 && only) return cachedHourlyLessonStarts(date, only.startMinute, only.endMinute);
  const byTime = new Map<number, Date>();
  for (const w of windows) {
    for (const start of cachedHourlyLessonStarts(date, w.startMinute, w.endMinute)) {
      byTime.set(start.getTime(), start);
    }
  }
  return [...byTime.values()].sort((a, b) => a.getTime() - b.getTime());
}

/**
 * Answers "does [start, end) overlap any busy period?" in O(log n). Periods are sorted by start with a
 * running maximum of their ends, so arbitrary (even overlapping or off-the-hour) periods are handled.
 */
export class BusyIndex implements BusyLookup {
  private readonly starts: number[];
  private readonly maxEnds: number[];

  constructor(periods: readonly (BusyPeriod | BookedPeriod)[]) {
    const sorted = [...periods].sort((a, b) => a[0] - b[0]);
    this.starts = sorted.map((p) => p[0]);
    this.maxEnds = [];
    let maxEnd = Number.NEGATIVE_INFINITY;
    for (const [, end] of sorted) {
      maxEnd = Math.max(maxEnd, end);
      this.maxEnds.push(maxEnd);
    }
  }

  overlaps(startMs: number, endMs: number): boolean {
    // Last period starting before endMs; it or an earlier one overlaps iff some end is after startMs.
    let lo = 0;
    let hi = this.starts.length - 1;
    let last = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((this.starts[mid] ?? 0) < endMs) {
        last = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return last >= 0 && (this.maxEnds[last] ?? Number.NEGATIVE_INFINITY) > startMs;
  }
}

export interface InstructorSchedule {
  weeklyRules: readonly WeeklyRule[];
  /** Exceptions keyed by date. */
  exceptionsByDate: ReadonlyMap<string, readonly DateException[]>;
  busy: BusyLookup;
  /** Last date the instructor may teach (licence or WWC expiry); null when unlimited. */
  lastDate: string | null;
}

/**
 * Calls `onStart` for each open lesson start of one instructor over `days` (ascending), in time
 * order: inside working windows, on the hour, at least the minimum lead time after `now`, overlapping
 * no busy period, and not after `lastDate`. A callback rather than an array: a busy suburb's month is
 * tens of thousands of candidate starts, and the summary only counts them.
 */
export function forEachOpenLessonStart(
  schedule: InstructorSchedule,
  days: readonly CalendarDay[],
  now: Date,
  onStart: (date: string, start: Date) => void,
): void {
  for (const day of days) {
    const { date } = day;
    if (schedule.lastDate !== null && date > schedule.lastDate) break;
    const windows = workingWindowsOn(
      day.weekday,
      schedule.weeklyRules,
      schedule.exceptionsByDate.get(date) ?? [],
    );
    for (const start of lessonStartsInWindows(date, windows)) {
      const startMs = start.getTime();
      if (!isBookableStart(start, now)) continue;
      if (schedule.busy.overlaps(startMs, startMs + LESSON_MS)) continue;
      onStart(date, start);
    }
  }
}

/** forEachOpenLessonStart collected into an array. */
export function openLessonStarts(
  schedule: InstructorSchedule,
  days: readonly CalendarDay[],
  now: Date,
): DatedStart[] {
  const open: DatedStart[] = [];
  forEachOpenLessonStart(schedule, days, now, (date, start) => open.push({ date, start }));
  return open;
}

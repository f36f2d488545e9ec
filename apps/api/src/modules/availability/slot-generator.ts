/**
 * The pure half of the availability engine: from one instructor's weekly rules, date exceptions,
 * scheduling settings and taken periods to the lesson starts that are open at a pickup suburb. No
 * database, no clock: everything is passed in.
 */
import { LESSON_MINUTES } from "@kerb/shared";
import { isNswPublicHoliday } from "@kerb/shared/holidays";
import {
  addDaysToDate,
  type DateOverride,
  eachDateInRange,
  hourlyLessonStarts,
  isBookableStart,
  isPoolHourStart,
  MAX_TRAVEL_MINUTES,
  type MinuteWindow,
  type SchedulingSettings,
  sydneyMidnight,
  sydneyWeekday,
  travelMinutesByIndex,
  type WeeklyHours,
  workingWindowsOn,
} from "@kerb/shared/rules";

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

export type WeeklyRule = WeeklyHours;
export type { MinuteWindow };

/** A date override of the shared working-hours rule, with the date it applies to. */
export interface DateException extends DateOverride {
  date: string;
}

/**
 * A taken period [start, end) in epoch milliseconds, with where it is: the lesson's suburb as its
 * position in SUBURBS (-1 when unknown: only the buffer is kept around it).
 */
export type BusyPeriod = readonly [startMs: number, endMs: number, suburb: number];

/**
 * A taken period with the instant its checkout hold lapses (rules/holds.ts), or null when it keeps
 * its time whatever the clock says (a scheduled lesson, a hold without expiry).
 */
export type BookedPeriod = readonly [
  startMs: number,
  endMs: number,
  suburb: number,
  lapsesAtMs: number | null,
];

/** What an instructor's taken periods allow; a BusyIndex, or several combined. */
export interface BusyLookup {
  /**
   * True when a lesson [start, end) at `suburb` cannot be taught: it overlaps a taken period, or the
   * instructor cannot drive between it and a taken period before or after it in the time between with
   * `bufferMinutes` to spare (rules/travel.ts).
   */
  blocks(startMs: number, endMs: number, suburb: number, bufferMinutes: number): boolean;
  /** How many taken periods start in [fromMs, toMs): the lessons of a day, for the daily cap. */
  countStarting(fromMs: number, toMs: number): number;
}

/** A Sydney date with what the engine asks of it, worked out once per request rather than per instructor. */
export interface CalendarDay {
  date: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** Sydney midnight at its start and at the next day's start (23 or 25 hours apart on DST days). */
  startMs: number;
  endMs: number;
  /** An NSW public holiday: closed unless the instructor teaches on them, and never pool hours. */
  isPublicHoliday: boolean;
}

export function calendarDays(startDate: string, endDate: string): CalendarDay[] {
  return eachDateInRange(startDate, endDate).map((date) => ({
    date,
    weekday: sydneyWeekday(date),
    startMs: sydneyMidnight(date).getTime(),
    endMs: sydneyMidnight(addDaysToDate(date, 1)).getTime(),
    isPublicHoliday: isNswPublicHoliday(date),
  }));
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

/** isPoolHourStart, memoised by instant and length. */
export function cachedIsPoolHourStart(start: Date, minutes: number = LESSON_MINUTES): boolean {
  const key = start.getTime() * 4 + minutes / 30; // 60, 90, 120 → 2, 3, 4: one number per pair
  let isPool = poolCache.get(key);
  if (isPool === undefined) {
    if (poolCache.size >= CACHE_LIMIT) poolCache.clear();
    isPool = isPoolHourStart(start, minutes);
    poolCache.set(key, isPool);
  }
  return isPool;
}

/**
 * Starts of lessons of `lessonMinutes` (60 by default) on one date that fit inside the given windows:
 * overlapping windows give each start once, in order. A longer lesson must end inside its window too.
 */
export function lessonStartsInWindows(
  date: string,
  windows: readonly MinuteWindow[],
  lessonMinutes: number = LESSON_MINUTES,
): readonly Date[] {
  const extra = lessonMinutes - LESSON_MINUTES;
  const fitting = windows.filter((w) => w.endMinute - extra > w.startMinute);
  if (fitting.length === 0) return [];
  const [only] = fitting;
  if (fitting.length === 1 && only) {
    return cachedHourlyLessonStarts(date, only.startMinute, only.endMinute - extra);
  }
  const byTime = new Map<number, Date>();
  for (const w of fitting) {
    for (const start of cachedHourlyLessonStarts(date, w.startMinute, w.endMinute - extra)) {
      byTime.set(start.getTime(), start);
    }
  }
  return [...byTime.values()].sort((a, b) => a.getTime() - b.getTime());
}

/** What is asked of a lesson: where it starts (the pickup suburb's position in SUBURBS) and how long. */
interface LessonAsked {
  suburb: number;
  minutes: number;
}

/** The first index of the non-decreasing `values` at which `isPast` holds (values.length if none). */
function firstIndex(values: readonly number[], isPast: (value: number) => boolean): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (isPast(values[mid] ?? 0)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * An instructor's taken periods sorted by start, with a running maximum of their ends, so the few
 * that can matter to a candidate lesson (those within the longest drive plus the buffer of it) are
 * found in O(log n), whatever their lengths or overlaps.
 */
export class BusyIndex implements BusyLookup {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly suburbs: number[] = [];
  private readonly maxEnds: number[] = [];

  constructor(periods: readonly (BusyPeriod | BookedPeriod)[]) {
    const sorted = [...periods].sort((a, b) => a[0] - b[0]);
    let maxEnd = Number.NEGATIVE_INFINITY;
    for (const [start, end, suburb] of sorted) {
      maxEnd = Math.max(maxEnd, end);
      this.starts.push(start);
      this.ends.push(end);
      this.suburbs.push(suburb);
      this.maxEnds.push(maxEnd);
    }
  }

  blocks(startMs: number, endMs: number, suburb: number, bufferMinutes: number): boolean {
    const reachMs = (MAX_TRAVEL_MINUTES + bufferMinutes) * MINUTE_MS;
    const from = startMs - reachMs;
    for (let i = firstIndex(this.maxEnds, (end) => end > from); i < this.starts.length; i++) {
      const start = this.starts[i] ?? 0;
      if (start >= endMs + reachMs) break;
      const end = this.ends[i] ?? 0;
      const there = this.suburbs[i] ?? -1;
      if (end <= startMs) {
        // Taught before: from there to here in the gap.
        if (startMs - end < (travelMinutesByIndex(there, suburb) + bufferMinutes) * MINUTE_MS) return true;
      } else if (start >= endMs) {
        // Taught after: from here to there in the gap.
        if (start - endMs < (travelMinutesByIndex(suburb, there) + bufferMinutes) * MINUTE_MS) return true;
      } else {
        return true; // overlaps
      }
    }
    return false;
  }

  countStarting(fromMs: number, toMs: number): number {
    return (
      firstIndex(this.starts, (start) => start >= toMs) - firstIndex(this.starts, (start) => start >= fromMs)
    );
  }
}

/** Several lookups as one: blocked when any blocks, the days' counts added up. */
export function combineBusy(lookups: readonly BusyLookup[]): BusyLookup {
  const [only] = lookups;
  if (lookups.length === 1 && only) return only;
  return {
    blocks: (start, end, suburb, buffer) => lookups.some((l) => l.blocks(start, end, suburb, buffer)),
    countStarting: (from, to) => lookups.reduce((sum, l) => sum + l.countStarting(from, to), 0),
  };
}

export interface InstructorSchedule {
  weeklyRules: readonly WeeklyRule[];
  /** Exceptions keyed by date. */
  exceptionsByDate: ReadonlyMap<string, readonly DateException[]>;
  busy: BusyLookup;
  /** Last date the instructor may teach (licence or WWC expiry); null when unlimited. */
  lastDate: string | null;
  /** Buffer, notice, daily cap and public holidays (rules/scheduling.ts). */
  settings: SchedulingSettings;
}

/**
 * Calls `onStart` for each open start of one instructor's lesson of `lesson.minutes` at the pickup
 * `lesson.suburb` over `days` (ascending), in time order: inside working windows, on the hour, at least the
 * instructor's notice (never less than the platform's lead time) after `now`, not on a public holiday
 * they do not teach, not on a day already at their cap, reachable from the lesson before and to the
 * lesson after it (travel plus buffer), and not after `lastDate`. A callback rather than an array: a
 * busy suburb's month is tens of thousands of candidate starts, and the summary only counts them.
 */
export function forEachOpenLessonStart(
  schedule: InstructorSchedule,
  days: readonly CalendarDay[],
  now: Date,
  lesson: LessonAsked,
  onStart: (day: CalendarDay, start: Date) => void,
): void {
  const { settings, busy } = schedule;
  const { suburb, minutes } = lesson;
  const lessonMs = minutes * MINUTE_MS;
  const earliestMs = now.getTime() + settings.minNoticeHours * HOUR_MS;
  for (const day of days) {
    const { date } = day;
    if (schedule.lastDate !== null && date > schedule.lastDate) break;
    if (day.isPublicHoliday && !settings.teachesPublicHolidays) continue;
    const cap = settings.dailyLessonCap;
    if (cap !== null && busy.countStarting(day.startMs, day.endMs) >= cap) continue;
    const windows = workingWindowsOn(
      day.weekday,
      schedule.weeklyRules,
      schedule.exceptionsByDate.get(date) ?? [],
    );
    for (const start of lessonStartsInWindows(date, windows, minutes)) {
      const startMs = start.getTime();
      if (startMs < earliestMs || !isBookableStart(start, now)) continue;
      if (busy.blocks(startMs, startMs + lessonMs, suburb, settings.travelBufferMinutes)) continue;
      onStart(day, start);
    }
  }
}

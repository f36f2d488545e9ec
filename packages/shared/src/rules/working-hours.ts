/**
 * An instructor's working hours on one Sydney date, from weekly hours and date overrides. The one
 * place this rule lives: the slot engine and the "which lessons no longer fit" check both use it.
 */
import { LESSON_MINUTES } from "../constants.ts";
import { isValidIsoDate, sydneyWallTimeToInstant } from "./sydney-time.ts";

/** Weekly hours in Sydney wall-clock minutes from midnight; weekday 0 = Sunday … 6 = Saturday. */
export interface WeeklyHours {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

/**
 * A date override. CLOSED without a window takes the whole day off; CLOSED with a window takes that time
 * off (time off); OPEN adds its window to the day's hours (extra hours). An override changes only the
 * time it covers.
 */
export interface DateOverride {
  kind: "CLOSED" | "OPEN";
  startMinute: number | null;
  endMinute: number | null;
}

export interface MinuteWindow {
  startMinute: number;
  endMinute: number;
}

/** Sorted windows with touching or overlapping ones joined (09–12 + 12–15 is one window 09–15). */
export function mergeMinuteWindows(windows: readonly MinuteWindow[]): MinuteWindow[] {
  const sorted = [...windows].sort((a, b) => a.startMinute - b.startMinute);
  const merged: MinuteWindow[] = [];
  for (const w of sorted) {
    const last = merged[merged.length - 1];
    if (last && w.startMinute <= last.endMinute) last.endMinute = Math.max(last.endMinute, w.endMinute);
    else merged.push({ startMinute: w.startMinute, endMinute: w.endMinute });
  }
  return merged;
}

/**
 * `windows` with every part covered by `minus` taken out (both in any order; the result sorted and
 * merged). 09–17 minus 12–13 is 09–12 and 13–17.
 */
export function subtractMinuteWindows(
  windows: readonly MinuteWindow[],
  minus: readonly MinuteWindow[],
): MinuteWindow[] {
  const cuts = mergeMinuteWindows(minus);
  const result: MinuteWindow[] = [];
  for (const w of mergeMinuteWindows(windows)) {
    let from = w.startMinute;
    for (const cut of cuts) {
      if (cut.endMinute <= from) continue;
      if (cut.startMinute >= w.endMinute) break;
      if (cut.startMinute > from) result.push({ startMinute: from, endMinute: cut.startMinute });
      from = Math.max(from, cut.endMinute);
      if (from >= w.endMinute) break;
    }
    if (from < w.endMinute) result.push({ startMinute: from, endMinute: w.endMinute });
  }
  return result;
}

const windowOf = (o: DateOverride): MinuteWindow | null =>
  o.startMinute !== null && o.endMinute !== null
    ? { startMinute: o.startMinute, endMinute: o.endMinute }
    : null;

/**
 * The windows worked on a date with the given weekday. An override never removes hours it does not
 * cover: a CLOSED override without a window takes the whole day off (it wins over everything);
 * otherwise the day's hours are the weekly hours of that weekday minus every CLOSED (time-off) window,
 * plus every OPEN (extra-hours) window, merged. Extra hours win over time off where both cover the same
 * time (migration 0014 relies on it: a date whose old OPEN hours replaced the weekly ones now takes the
 * weekly hours off and adds the OPEN ones back).
 */
export function workingWindowsOn(
  weekday: number,
  weekly: readonly WeeklyHours[],
  overridesOfDate: readonly DateOverride[],
): MinuteWindow[] {
  const timeOff: MinuteWindow[] = [];
  const extra: MinuteWindow[] = [];
  for (const o of overridesOfDate) {
    const window = windowOf(o);
    if (o.kind === "CLOSED") {
      if (!window) return [];
      timeOff.push(window);
    } else if (window) {
      extra.push(window);
    }
  }
  const usual = weekly.filter((w) => w.weekday === weekday);
  if (timeOff.length === 0 && extra.length === 0) return mergeMinuteWindows(usual);
  return mergeMinuteWindows([...subtractMinuteWindows(usual, timeOff), ...extra]);
}

/** True when two [start, end) windows share time; touching ones (09–12 and 12–15) do not overlap. */
export function windowsOverlap(a: MinuteWindow, b: MinuteWindow): boolean {
  return a.startMinute < b.endMinute && b.startMinute < a.endMinute;
}

/**
 * The first two items whose windows overlap, in start order (earlier first); null when none do. The one
 * overlap rule for working hours: the weekly-hours schema, the instructor's weekly-hours form and the
 * date-override check all use it. Sorted by start, any overlap shows up between neighbours.
 */
export function firstOverlap<T>(items: readonly T[], windowOf: (item: T) => MinuteWindow): [T, T] | null {
  const sorted = items
    .map((item) => ({ item, window: windowOf(item) }))
    .sort((a, b) => a.window.startMinute - b.window.startMinute);
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1];
    const current = sorted[i];
    if (previous && current && windowsOverlap(previous.window, current.window)) {
      return [previous.item, current.item];
    }
  }
  return null;
}

/**
 * True when a lesson of `lessonMinutes` starting on the hour fits inside the window on that Sydney date
 * (lessons start on the hour). An hour the clocks skip (02:00 on the daylight-saving start) is no start;
 * a date that is not real is read as an ordinary day.
 */
export function holdsALesson(
  date: string,
  window: MinuteWindow,
  lessonMinutes: number = LESSON_MINUTES,
): boolean {
  const isRealDate = isValidIsoDate(date);
  for (
    let start = Math.ceil(window.startMinute / 60) * 60;
    start + lessonMinutes <= window.endMinute;
    start += 60
  ) {
    if (!isRealDate || sydneyWallTimeToInstant(date, start) !== null) return true;
  }
  return false;
}

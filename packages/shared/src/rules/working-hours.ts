/**
 * An instructor's working hours on one Sydney date, from weekly hours and date overrides. The one
 * place this rule lives: the slot engine and the "which lessons no longer fit" check both use it.
 */

/** Weekly hours in Sydney wall-clock minutes from midnight; weekday 0 = Sunday … 6 = Saturday. */
export interface WeeklyHours {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

/** A date override: CLOSED takes the day off; OPEN gives that date its own hours instead. */
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
 * The windows worked on a date with the given weekday. A CLOSED override wins over everything; OPEN
 * overrides replace (not extend) the weekly hours and add up among themselves; otherwise the weekly
 * hours of that weekday apply.
 */
export function workingWindowsOn(
  weekday: number,
  weekly: readonly WeeklyHours[],
  overridesOfDate: readonly DateOverride[],
): MinuteWindow[] {
  if (overridesOfDate.some((o) => o.kind === "CLOSED")) return [];
  const open: MinuteWindow[] = [];
  for (const o of overridesOfDate) {
    if (o.kind === "OPEN" && o.startMinute !== null && o.endMinute !== null) {
      open.push({ startMinute: o.startMinute, endMinute: o.endMinute });
    }
  }
  if (open.length > 0) return mergeMinuteWindows(open);
  return mergeMinuteWindows(weekly.filter((w) => w.weekday === weekday));
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

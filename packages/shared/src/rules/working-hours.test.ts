import { describe, expect, it } from "vitest";
import {
  type DateOverride,
  firstOverlap,
  holdsALesson,
  mergeMinuteWindows,
  subtractMinuteWindows,
  type WeeklyHours,
  windowsOverlap,
  workingWindowsOn,
} from "./working-hours.ts";

const h = (hour: number) => hour * 60;
const MONDAY = 1;
const weekly: WeeklyHours[] = [
  { weekday: MONDAY, startMinute: h(9), endMinute: h(12) },
  { weekday: MONDAY, startMinute: h(13), endMinute: h(15) },
  { weekday: 3, startMinute: h(8), endMinute: h(10) },
];
const open = (from: number, to: number): DateOverride => ({
  kind: "OPEN",
  startMinute: h(from),
  endMinute: h(to),
});
const closed: DateOverride = { kind: "CLOSED", startMinute: null, endMinute: null };
const closedWindow = (from: number, to: number): DateOverride => ({
  kind: "CLOSED",
  startMinute: h(from),
  endMinute: h(to),
});

describe("workingWindowsOn", () => {
  it("uses the weekly hours of that weekday only", () => {
    expect(workingWindowsOn(MONDAY, weekly, [])).toEqual([
      { startMinute: h(9), endMinute: h(12) },
      { startMinute: h(13), endMinute: h(15) },
    ]);
    expect(workingWindowsOn(2, weekly, [])).toEqual([]);
  });

  it("adds OPEN (extra-hours) windows to the weekly hours, joining where they touch", () => {
    expect(workingWindowsOn(MONDAY, weekly, [open(18, 20), open(6, 7)])).toEqual([
      { startMinute: h(6), endMinute: h(7) },
      { startMinute: h(9), endMinute: h(12) },
      { startMinute: h(13), endMinute: h(15) },
      { startMinute: h(18), endMinute: h(20) },
    ]);
    expect(workingWindowsOn(MONDAY, weekly, [open(12, 13)])).toEqual([
      { startMinute: h(9), endMinute: h(15) },
    ]);
    // A day without weekly hours gets only the extra hours.
    expect(workingWindowsOn(2, weekly, [open(10, 12)])).toEqual([{ startMinute: h(10), endMinute: h(12) }]);
  });

  it("keeps the rest of the day's hours around an OPEN override at 02:00–03:00", () => {
    expect(workingWindowsOn(MONDAY, weekly, [open(2, 3)])).toEqual([
      { startMinute: h(2), endMinute: h(3) },
      { startMinute: h(9), endMinute: h(12) },
      { startMinute: h(13), endMinute: h(15) },
    ]);
  });

  it("takes a CLOSED window (time off) out of the weekly hours and nothing else", () => {
    expect(workingWindowsOn(MONDAY, weekly, [closedWindow(10, 11)])).toEqual([
      { startMinute: h(9), endMinute: h(10) },
      { startMinute: h(11), endMinute: h(12) },
      { startMinute: h(13), endMinute: h(15) },
    ]);
    // Across two windows, over a whole window, and outside the hours altogether.
    expect(workingWindowsOn(MONDAY, weekly, [closedWindow(11, 14)])).toEqual([
      { startMinute: h(9), endMinute: h(11) },
      { startMinute: h(14), endMinute: h(15) },
    ]);
    expect(workingWindowsOn(MONDAY, weekly, [closedWindow(8, 12), closedWindow(14, 15)])).toEqual([
      { startMinute: h(13), endMinute: h(14) },
    ]);
    expect(workingWindowsOn(MONDAY, weekly, [closedWindow(2, 3)])).toEqual(
      workingWindowsOn(MONDAY, weekly, []),
    );
  });

  it("lets extra hours win over time off where both cover the same time", () => {
    // The shape migration 0014 gives a date whose old OPEN hours replaced the weekly ones.
    expect(
      workingWindowsOn(MONDAY, weekly, [closedWindow(9, 12), closedWindow(13, 15), open(10, 11)]),
    ).toEqual([{ startMinute: h(10), endMinute: h(11) }]);
  });

  it("lets a whole day off (CLOSED without a window) win over everything", () => {
    expect(workingWindowsOn(MONDAY, weekly, [closed])).toEqual([]);
    expect(workingWindowsOn(MONDAY, weekly, [open(6, 7), closed])).toEqual([]);
    expect(workingWindowsOn(MONDAY, weekly, [closedWindow(9, 10), closed, open(18, 19)])).toEqual([]);
  });

  it("ignores an OPEN override without a window", () => {
    const empty: DateOverride = { kind: "OPEN", startMinute: null, endMinute: null };
    expect(workingWindowsOn(3, weekly, [empty])).toEqual([{ startMinute: h(8), endMinute: h(10) }]);
  });
});

describe("subtractMinuteWindows", () => {
  const w = (from: number, to: number) => ({ startMinute: h(from), endMinute: h(to) });

  it("cuts holes, trims ends and drops windows wholly covered", () => {
    expect(subtractMinuteWindows([w(9, 17)], [w(12, 13)])).toEqual([w(9, 12), w(13, 17)]);
    expect(subtractMinuteWindows([w(9, 17)], [w(8, 10), w(16, 18)])).toEqual([w(10, 16)]);
    expect(subtractMinuteWindows([w(9, 12), w(13, 15)], [w(9, 12)])).toEqual([w(13, 15)]);
    expect(subtractMinuteWindows([w(9, 12)], [w(6, 20)])).toEqual([]);
  });

  it("accepts either list in any order, overlapping or touching", () => {
    expect(subtractMinuteWindows([w(13, 17), w(9, 13)], [w(15, 16), w(10, 11), w(10, 12)])).toEqual([
      w(9, 10),
      w(12, 15),
      w(16, 17),
    ]);
    expect(subtractMinuteWindows([w(9, 12)], [])).toEqual([w(9, 12)]);
    expect(subtractMinuteWindows([], [w(9, 12)])).toEqual([]);
    // Touching only: nothing is taken.
    expect(subtractMinuteWindows([w(9, 12)], [w(12, 13), w(8, 9)])).toEqual([w(9, 12)]);
  });
});

describe("mergeMinuteWindows", () => {
  it("joins touching and overlapping windows and sorts them", () => {
    expect(
      mergeMinuteWindows([
        { startMinute: h(12), endMinute: h(15) },
        { startMinute: h(9), endMinute: h(12) },
        { startMinute: h(16), endMinute: h(18) },
        { startMinute: h(17), endMinute: h(19) },
      ]),
    ).toEqual([
      { startMinute: h(9), endMinute: h(15) },
      { startMinute: h(16), endMinute: h(19) },
    ]);
  });

  it("does not change its input", () => {
    const input = [{ startMinute: 60, endMinute: 120 }];
    mergeMinuteWindows(input).push({ startMinute: 0, endMinute: 1 });
    expect(input).toHaveLength(1);
  });
});

describe("windowsOverlap / firstOverlap", () => {
  const w = (from: number, to: number) => ({ startMinute: h(from), endMinute: h(to) });

  it("counts shared time as overlap, touching ends as none", () => {
    expect(windowsOverlap(w(9, 12), w(11, 13))).toBe(true);
    expect(windowsOverlap(w(11, 13), w(9, 12))).toBe(true);
    expect(windowsOverlap(w(9, 17), w(10, 11))).toBe(true);
    expect(windowsOverlap(w(9, 12), w(12, 15))).toBe(false);
    expect(windowsOverlap(w(12, 15), w(9, 12))).toBe(false);
    expect(windowsOverlap({ startMinute: 0, endMinute: 30 }, { startMinute: 29, endMinute: 60 })).toBe(true);
  });

  it("reports the first overlapping pair in start order, whatever the input order", () => {
    const ranges = [w(13, 15), w(9, 12), w(11, 14)];
    expect(firstOverlap(ranges, (r) => r)).toEqual([w(9, 12), w(11, 14)]);
    expect(firstOverlap([w(9, 17), w(10, 11), w(12, 13)], (r) => r)).toEqual([w(9, 17), w(10, 11)]);
    expect(firstOverlap([w(12, 15), w(9, 12), w(15, 24)], (r) => r)).toBeNull();
    expect(firstOverlap([], (r: ReturnType<typeof w>) => r)).toBeNull();
    expect(firstOverlap([w(9, 10)], (r) => r)).toBeNull();
  });

  it("works on any item shape through windowOf", () => {
    const items = [
      { label: "a", from: h(9), to: h(12) },
      { label: "b", from: h(11), to: h(13) },
    ];
    const pair = firstOverlap(items, (i) => ({ startMinute: i.from, endMinute: i.to }));
    expect(pair?.map((i) => i.label)).toEqual(["a", "b"]);
  });
});

describe("holdsALesson", () => {
  const w = (from: number, to: number) => ({ startMinute: from, endMinute: to });

  it("needs a whole 60-minute lesson starting on the hour", () => {
    expect(holdsALesson("2026-06-15", w(h(9), h(10)))).toBe(true);
    expect(holdsALesson("2026-06-15", w(h(9), h(9) + 30))).toBe(false);
    // 09:30–11:00 is 90 minutes, but the only start on the hour (10:00) ends at 11:00: it fits…
    expect(holdsALesson("2026-06-15", w(570, h(11)))).toBe(true);
    // …while 09:30–10:30 is an hour long and holds no lesson on the hour.
    expect(holdsALesson("2026-06-15", w(570, 630))).toBe(false);
    expect(holdsALesson("2026-06-15", w(h(23), h(24)))).toBe(true);
  });

  it("takes the lesson length", () => {
    expect(holdsALesson("2026-06-15", w(h(9), h(10)), 120)).toBe(false);
    expect(holdsALesson("2026-06-15", w(h(9), h(11)), 120)).toBe(true);
  });

  it("does not count an hour the clocks skip", () => {
    // 2026-10-04: Sydney goes from 02:00 straight to 03:00.
    expect(holdsALesson("2026-10-04", w(h(2), h(3)))).toBe(false);
    expect(holdsALesson("2026-10-04", w(h(2), h(4)))).toBe(true);
    expect(holdsALesson("2026-10-11", w(h(2), h(3)))).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import {
  type DateOverride,
  firstOverlap,
  mergeMinuteWindows,
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

describe("workingWindowsOn", () => {
  it("uses the weekly hours of that weekday only", () => {
    expect(workingWindowsOn(MONDAY, weekly, [])).toEqual([
      { startMinute: h(9), endMinute: h(12) },
      { startMinute: h(13), endMinute: h(15) },
    ]);
    expect(workingWindowsOn(2, weekly, [])).toEqual([]);
  });

  it("lets OPEN overrides replace the weekly hours and add up", () => {
    expect(workingWindowsOn(MONDAY, weekly, [open(18, 20), open(6, 7)])).toEqual([
      { startMinute: h(6), endMinute: h(7) },
      { startMinute: h(18), endMinute: h(20) },
    ]);
  });

  it("lets CLOSED win over weekly hours and OPEN overrides", () => {
    expect(workingWindowsOn(MONDAY, weekly, [closed])).toEqual([]);
    expect(workingWindowsOn(MONDAY, weekly, [open(6, 7), closed])).toEqual([]);
  });

  it("falls back to weekly hours when an OPEN override has no window", () => {
    const empty: DateOverride = { kind: "OPEN", startMinute: null, endMinute: null };
    expect(workingWindowsOn(3, weekly, [empty])).toEqual([{ startMinute: h(8), endMinute: h(10) }]);
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

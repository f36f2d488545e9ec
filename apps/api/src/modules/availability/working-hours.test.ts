import { sydneyWallTimeToInstant } from "@kerb/shared/rules";
import { describe, expect, it } from "vitest";
import {
  affectedWarning,
  conflictReasons,
  type DateException,
  fitsWorkingHours,
  type WeeklyRule,
  windowsForDate,
} from "./working-hours.ts";

const at = (date: string, hh: number, mm = 0) => sydneyWallTimeToInstant(date, hh * 60 + mm) as Date;
const lesson = (date: string, hh: number, minutes = 60) => {
  const startTime = at(date, hh);
  return { startTime, endTime: new Date(startTime.getTime() + minutes * 60_000) };
};

// 2026-03-02 is a Monday.
const rules: WeeklyRule[] = [
  { weekday: 1, startMinute: 9 * 60, endMinute: 12 * 60 },
  { weekday: 1, startMinute: 12 * 60, endMinute: 15 * 60 },
  { weekday: 2, startMinute: 13 * 60, endMinute: 24 * 60 },
];

describe("working hours", () => {
  it("uses the weekly rules, joined, when a date has no exception", () => {
    expect(windowsForDate("2026-03-02", rules, [])).toEqual([[540, 900]]);
    expect(windowsForDate("2026-03-04", rules, [])).toEqual([]);
    // A lesson across the 12:00 boundary of two touching ranges still fits.
    expect(fitsWorkingHours(lesson("2026-03-02", 11, 90), rules, [])).toBe(true);
    expect(fitsWorkingHours(lesson("2026-03-02", 14), rules, [])).toBe(true);
    expect(fitsWorkingHours(lesson("2026-03-02", 15), rules, [])).toBe(false);
    expect(fitsWorkingHours(lesson("2026-03-02", 8), rules, [])).toBe(false);
  });

  it("lets a lesson end at midnight inside a window that runs to 24:00", () => {
    expect(fitsWorkingHours(lesson("2026-03-03", 23), rules, [])).toBe(true);
  });

  it("applies a day off over everything, and time off and extra hours only where they lie", () => {
    const closed: DateException[] = [
      { date: "2026-03-02", kind: "CLOSED", startMinute: null, endMinute: null },
      { date: "2026-03-02", kind: "OPEN", startMinute: 540, endMinute: 600 },
    ];
    expect(windowsForDate("2026-03-02", rules, closed)).toEqual([]);
    const changed: DateException[] = [
      { date: "2026-03-02", kind: "OPEN", startMinute: 18 * 60, endMinute: 20 * 60 },
      { date: "2026-03-02", kind: "OPEN", startMinute: 7 * 60, endMinute: 8 * 60 },
      { date: "2026-03-02", kind: "CLOSED", startMinute: 10 * 60, endMinute: 11 * 60 },
    ];
    expect(windowsForDate("2026-03-02", rules, changed)).toEqual([
      [420, 480],
      [540, 600],
      [660, 900],
      [1080, 1200],
    ]);
    expect(fitsWorkingHours(lesson("2026-03-02", 10), rules, changed)).toBe(false);
    expect(fitsWorkingHours(lesson("2026-03-02", 9), rules, changed)).toBe(true);
    expect(fitsWorkingHours(lesson("2026-03-02", 12), rules, changed)).toBe(true);
    expect(fitsWorkingHours(lesson("2026-03-02", 19), rules, changed)).toBe(true);
    // Exceptions of other dates do not matter.
    expect(windowsForDate("2026-03-09", rules, changed)).toEqual([[540, 900]]);
  });

  it("reads wall-clock times on DST change days", () => {
    // 2026-04-05 (Sunday): 02:00–03:00 happens twice; 2026-10-04 (Sunday): it does not exist.
    const sunday: WeeklyRule[] = [{ weekday: 0, startMinute: 9 * 60, endMinute: 17 * 60 }];
    expect(fitsWorkingHours(lesson("2026-04-05", 9), sunday, [])).toBe(true);
    expect(fitsWorkingHours(lesson("2026-04-05", 16), sunday, [])).toBe(true);
    expect(fitsWorkingHours(lesson("2026-10-04", 16), sunday, [])).toBe(true);
    expect(fitsWorkingHours(lesson("2026-10-04", 17), sunday, [])).toBe(false);
  });

  it("gives every reason a lesson no longer fits", () => {
    const settings = { rules, exceptions: [], suburbs: ["Bondi"], poolOptIn: false };
    const base = { ...lesson("2026-03-02", 10), suburb: "Bondi", isPoolHours: false };
    expect(conflictReasons(base, settings)).toEqual([]);
    expect(
      conflictReasons({ ...base, ...lesson("2026-03-02", 16), suburb: "Manly", isPoolHours: true }, settings),
    ).toEqual(["OUTSIDE_HOURS", "SUBURB_NOT_SERVED", "POOL_OPT_OUT"]);
  });

  it("warns only when lessons are affected, and says they were kept", () => {
    expect(affectedWarning(0)).toBeNull();
    expect(affectedWarning(1)).toMatch(
      /^1 scheduled lesson no longer fits your hours or settings\. It has NOT been cancelled/,
    );
    expect(affectedWarning(3)).toMatch(/^3 scheduled lessons no longer fit .*They have NOT been cancelled/);
  });
});

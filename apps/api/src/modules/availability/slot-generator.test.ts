import { hourlyLessonStarts, isPoolHourStart, sydneyWallTimeToInstant } from "@kerb/shared/rules";
import { describe, expect, it } from "vitest";
import {
  BusyIndex,
  type CalendarDay,
  cachedHourlyLessonStarts,
  cachedIsPoolHourStart,
  type DateException,
  type InstructorSchedule,
  lessonStartsInWindows,
  openLessonStarts,
  type WeeklyRule,
} from "./slot-generator.ts";

const at = (date: string, hour: number) => {
  const instant = sydneyWallTimeToInstant(date, hour * 60);
  if (!instant) throw new Error("no such time");
  return instant;
};
const iso = (dates: Date[] | readonly Date[]) => dates.map((d) => d.toISOString());
const rules: WeeklyRule[] = [
  { weekday: 1, startMinute: 540, endMinute: 720 }, // Monday 09–12
  { weekday: 1, startMinute: 780, endMinute: 900 }, // Monday 13–15
  { weekday: 2, startMinute: 600, endMinute: 660 }, // Tuesday 10–11
];
const open = (date: string, from: number, to: number): DateException => ({
  date,
  kind: "OPEN",
  startMinute: from * 60,
  endMinute: to * 60,
});
const day = (date: string): CalendarDay => ({ date, weekday: new Date(`${date}T00:00:00Z`).getUTCDay() });
const closed = (date: string): DateException => ({
  date,
  kind: "CLOSED",
  startMinute: null,
  endMinute: null,
});

describe("lessonStartsInWindows", () => {
  it("gives each start of overlapping windows once, in time order", () => {
    const starts = lessonStartsInWindows("2027-03-08", [
      { startMinute: 13 * 60, endMinute: 15 * 60 },
      { startMinute: 9 * 60, endMinute: 14 * 60 },
    ]);
    expect(iso(starts)).toEqual(iso([9, 10, 11, 12, 13, 14].map((h) => at("2027-03-08", h))));
  });

  it("matches the shared hourlyLessonStarts rule, DST days included", () => {
    for (const date of ["2026-04-05", "2026-10-04", "2027-03-08"]) {
      expect(iso(cachedHourlyLessonStarts(date, 0, 1440))).toEqual(iso(hourlyLessonStarts(date, 0, 1440)));
      // A second call is served from the cache and is still identical.
      expect(iso(cachedHourlyLessonStarts(date, 0, 1440))).toEqual(iso(hourlyLessonStarts(date, 0, 1440)));
    }
    expect(lessonStartsInWindows("2026-10-04", [{ startMinute: 0, endMinute: 360 }])).toHaveLength(5);
    expect(lessonStartsInWindows("2026-04-05", [{ startMinute: 0, endMinute: 360 }])).toHaveLength(6);
  });

  it("memoises the shared pool-hour rule faithfully", () => {
    for (const h of [9, 10, 14, 15]) {
      for (const date of ["2027-03-08", "2027-03-13"]) {
        expect(cachedIsPoolHourStart(at(date, h))).toBe(isPoolHourStart(at(date, h)));
      }
    }
  });
});

describe("BusyIndex", () => {
  const t = (minutes: number) => new Date(Date.UTC(2027, 2, 8, 0, minutes));
  const period = (from: number, to: number) => [t(from).getTime(), t(to).getTime()] as const;
  const index = new BusyIndex([
    period(600, 660),
    period(90, 150),
    period(200, 500), // long period containing several hours
  ]);
  const overlaps = (from: number, to: number) => index.overlaps(t(from).getTime(), t(to).getTime());

  it("finds overlaps, touching ends do not count", () => {
    expect(overlaps(0, 60)).toBe(false);
    expect(overlaps(60, 120)).toBe(true);
    expect(overlaps(150, 200)).toBe(false);
    expect(overlaps(300, 360)).toBe(true);
    expect(overlaps(480, 540)).toBe(true);
    expect(overlaps(500, 560)).toBe(false);
    expect(overlaps(540, 600)).toBe(false);
    expect(overlaps(630, 690)).toBe(true);
    expect(overlaps(660, 720)).toBe(false);
  });

  it("copes with no periods", () => {
    expect(new BusyIndex([]).overlaps(0, Number.MAX_SAFE_INTEGER)).toBe(false);
  });
});

describe("openLessonStarts", () => {
  const schedule = (over: Partial<InstructorSchedule> = {}): InstructorSchedule => ({
    weeklyRules: rules,
    exceptionsByDate: new Map(),
    busy: new BusyIndex([]),
    lastDate: null,
    ...over,
  });
  const dates = ["2027-03-08", "2027-03-09", "2027-03-15"].map(day);
  const earlyNow = new Date("2027-03-01T00:00:00Z");

  it("lists the open starts of each date with the date they fall on", () => {
    const starts = openLessonStarts(schedule(), dates, earlyNow);
    expect(starts.filter((s) => s.date === "2027-03-08").map((s) => s.start)).toEqual(
      [9, 10, 11, 13, 14].map((h) => at("2027-03-08", h)),
    );
    expect(starts.filter((s) => s.date === "2027-03-09").map((s) => s.start)).toEqual([at("2027-03-09", 10)]);
    expect(starts).toHaveLength(11);
  });

  it("keeps the lead time: nothing starting less than two hours after now", () => {
    const now = new Date(at("2027-03-08", 9).getTime() + 1);
    const starts = openLessonStarts(schedule(), [day("2027-03-08")], now).map((s) => s.start);
    expect(starts).toEqual([13, 14].map((h) => at("2027-03-08", h)));
    const exactly = openLessonStarts(schedule(), [day("2027-03-08")], at("2027-03-08", 9)).map(
      (s) => s.start,
    );
    expect(exactly[0]).toEqual(at("2027-03-08", 11));
  });

  it("drops starts overlapping busy periods and dates after the last allowed date", () => {
    const busy = new BusyIndex([
      [at("2027-03-08", 10).getTime() + 30 * 60_000, at("2027-03-08", 12).getTime()],
    ]);
    const starts = openLessonStarts(schedule({ busy, lastDate: "2027-03-09" }), dates, earlyNow);
    expect(starts.map((s) => s.start)).toEqual([
      at("2027-03-08", 9),
      at("2027-03-08", 13),
      at("2027-03-08", 14),
      at("2027-03-09", 10),
    ]);
  });

  it("applies exceptions per date", () => {
    const exceptionsByDate = new Map([
      ["2027-03-08", [closed("2027-03-08")]],
      ["2027-03-15", [open("2027-03-15", 19, 21)]],
    ]);
    const starts = openLessonStarts(schedule({ exceptionsByDate }), dates, earlyNow);
    expect(starts.map((s) => [s.date, s.start])).toEqual([
      ["2027-03-09", at("2027-03-09", 10)],
      ["2027-03-15", at("2027-03-15", 19)],
      ["2027-03-15", at("2027-03-15", 20)],
    ]);
  });
});

import { LESSON_MINUTES, SUBURBS, type Suburb } from "@kerb/shared";
import {
  DEFAULT_SCHEDULING,
  hourlyLessonStarts,
  isPoolHourStart,
  sydneyWallTimeToInstant,
  travelMinutes,
  workingWindowsOn,
} from "@kerb/shared/rules";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BusyIndex,
  type BusyPeriod,
  type CalendarDay,
  cachedHourlyLessonStarts,
  cachedIsPoolHourStart,
  calendarDays,
  type DateException,
  forEachOpenLessonStart,
  type InstructorSchedule,
  lessonStartsInWindows,
  type WeeklyRule,
} from "./slot-generator.ts";

const LESSON_MS = LESSON_MINUTES * 60_000;

/** The engine's open starts collected into an array, as a reader of the rule would list them. */
function openLessonStarts(
  schedule: InstructorSchedule,
  days: readonly CalendarDay[],
  now: Date,
  suburb = -1,
  minutes: number = LESSON_MINUTES,
) {
  const open: Array<{ date: string; start: Date }> = [];
  forEachOpenLessonStart(schedule, days, now, { suburb, minutes }, (day, start) =>
    open.push({ date: day.date, start }),
  );
  return open;
}

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
const day = (date: string): CalendarDay => {
  const [only] = calendarDays(date, date);
  if (!only) throw new Error("no such date");
  return only;
};
const where = (suburb: Suburb) => SUBURBS.indexOf(suburb);
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
    expect(lessonStartsInWindows("2026-04-05", [{ startMinute: 0, endMinute: 360 }])).toHaveLength(7);
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
  const period = (from: number, to: number): BusyPeriod => [t(from).getTime(), t(to).getTime(), 0];
  const index = new BusyIndex([
    period(600, 660),
    period(90, 150),
    period(200, 500), // long period containing several hours
  ]);
  // In the same suburb with no buffer, a lesson is blocked exactly when it overlaps a taken period.
  const overlaps = (from: number, to: number) => index.blocks(t(from).getTime(), t(to).getTime(), 0, 0);

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
    expect(new BusyIndex([]).blocks(0, Number.MAX_SAFE_INTEGER, 0, 60)).toBe(false);
    expect(new BusyIndex([]).countStarting(0, Number.MAX_SAFE_INTEGER)).toBe(0);
  });

  it("counts the periods starting in a span", () => {
    expect(index.countStarting(t(0).getTime(), t(600).getTime())).toBe(2);
    expect(index.countStarting(t(0).getTime(), t(601).getTime())).toBe(3);
    expect(index.countStarting(t(91).getTime(), t(700).getTime())).toBe(2);
  });
});

describe("BusyIndex: travel between suburbs and the buffer", () => {
  const nine = at("2027-03-08", 9).getTime();
  const hour = (h: number) => nine + (h - 9) * 3_600_000;
  // A lesson in Bondi 09:00–10:00.
  const bondi = new BusyIndex([[hour(9), hour(10), where("Bondi")]]);
  const blocks = (h: number, suburb: Suburb, buffer = 0) =>
    bondi.blocks(hour(h), hour(h) + LESSON_MS, where(suburb), buffer);

  it("refuses a lesson straight after in a far-away suburb, and one straight before", () => {
    expect(travelMinutes("Bondi", "Parramatta")).toBeGreaterThan(0);
    expect(blocks(10, "Parramatta")).toBe(true);
    expect(blocks(8, "Parramatta")).toBe(true);
  });

  it("allows it once the gap covers the drive", () => {
    const drive = travelMinutes("Bondi", "Parramatta");
    expect(drive).toBeLessThanOrEqual(60);
    expect(blocks(11, "Parramatta")).toBe(false);
    expect(blocks(7, "Parramatta")).toBe(false);
  });

  it("allows back-to-back lessons in one suburb, unless the instructor keeps a buffer", () => {
    expect(blocks(10, "Bondi")).toBe(false);
    expect(blocks(8, "Bondi")).toBe(false);
    expect(blocks(10, "Bondi", 30)).toBe(true);
    expect(blocks(11, "Bondi", 30)).toBe(false);
    expect(blocks(11, "Parramatta", 30)).toBe(true); // 55 min drive + 30 min buffer > 60 min gap
  });
});

describe("openLessonStarts", () => {
  const schedule = (over: Partial<InstructorSchedule> = {}): InstructorSchedule => ({
    weeklyRules: rules,
    exceptionsByDate: new Map(),
    busy: new BusyIndex([]),
    lastDate: null,
    settings: DEFAULT_SCHEDULING,
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
      [at("2027-03-08", 10).getTime() + 30 * 60_000, at("2027-03-08", 12).getTime(), -1],
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
      ["2027-03-14", [open("2027-03-14", 19, 21)]], // a Sunday: no weekly hours
    ]);
    const starts = openLessonStarts(
      schedule({ exceptionsByDate }),
      ["2027-03-08", "2027-03-09", "2027-03-14"].map(day),
      earlyNow,
    );
    expect(starts.map((s) => [s.date, s.start])).toEqual([
      ["2027-03-09", at("2027-03-09", 10)],
      ["2027-03-14", at("2027-03-14", 19)],
      ["2027-03-14", at("2027-03-14", 20)],
    ]);
  });

  it("keeps the instructor's notice", () => {
    const now = at("2027-03-07", 12); // Sunday noon
    const settings = { ...DEFAULT_SCHEDULING, minNoticeHours: 24 };
    const starts = openLessonStarts(schedule({ settings }), [day("2027-03-08")], now).map((s) => s.start);
    expect(starts).toEqual([13, 14].map((h) => at("2027-03-08", h)));
  });

  it("offers nothing more on a day that has reached the cap, whatever the suburb of its lessons", () => {
    const busy = new BusyIndex([
      [at("2027-03-08", 9).getTime(), at("2027-03-08", 10).getTime(), where("Penrith")],
      [at("2027-03-08", 13).getTime(), at("2027-03-08", 14).getTime(), where("Bondi")],
    ]);
    const capped = (dailyCap: number) =>
      openLessonStarts(
        schedule({ busy, settings: { ...DEFAULT_SCHEDULING, dailyLessonCap: dailyCap } }),
        dates,
        earlyNow,
        2,
      );
    expect(capped(2).filter((s) => s.date === "2027-03-08")).toEqual([]);
    expect(capped(2).filter((s) => s.date === "2027-03-09")).toHaveLength(1);
    expect(capped(3).filter((s) => s.date === "2027-03-08").length).toBeGreaterThan(0);
  });

  it("closes NSW public holidays unless the instructor teaches on them", () => {
    // Good Friday 26/03/2027 and Easter Monday 29/03/2027.
    const holidays = ["2027-03-26", "2027-03-29"].map(day);
    const everyDay: WeeklyRule[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      weekday,
      startMinute: 540,
      endMinute: 600,
    }));
    expect(holidays.every((d) => d.isPublicHoliday)).toBe(true);
    expect(openLessonStarts(schedule({ weeklyRules: everyDay }), holidays, earlyNow)).toEqual([]);
    const optedIn = { ...DEFAULT_SCHEDULING, teachesPublicHolidays: true };
    expect(
      openLessonStarts(schedule({ weeklyRules: everyDay, settings: optedIn }), holidays, earlyNow),
    ).toHaveLength(2);
  });
});

/**
 * The engine held to a plain statement of the rule, over random calendars: a start is open when it is
 * on the hour inside the day's working windows, after the notice, and for every taken period either
 * overlaps none and leaves travel plus buffer on each side — checked against every period, not only
 * the neighbours the index finds — on a day under its cap.
 */
describe("openLessonStarts against a plain statement of the rule", () => {
  const dates = ["2027-04-03", "2027-04-04", "2027-04-05"]; // daylight saving ends on 04/04/2027
  const days = dates.map(day);
  const firstMs = at("2027-04-03", 0).getTime();
  const periodArb = fc
    .record({
      startQuarter: fc.integer({ min: -8, max: 3 * 24 * 4 + 8 }),
      quarters: fc.integer({ min: 2, max: 8 }),
      suburb: fc.integer({ min: -1, max: SUBURBS.length - 1 }),
    })
    .map(({ startQuarter, quarters, suburb }): BusyPeriod => {
      const start = firstMs + startQuarter * 15 * 60_000;
      return [start, start + quarters * 15 * 60_000, suburb];
    });
  const travel = (from: number, to: number) => {
    const a = SUBURBS[from];
    const b = SUBURBS[to];
    return a && b ? travelMinutes(a, b) : 0;
  };

  it("agrees on every start", () => {
    fc.assert(
      fc.property(
        fc.array(periodArb, { maxLength: 8 }),
        fc.integer({ min: 0, max: SUBURBS.length - 1 }),
        fc.constantFrom(0, 15, 30, 60),
        fc.integer({ min: 2, max: 30 }),
        fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
        (periods, pickup, bufferMinutes, minNoticeHours, dailyCap) => {
          const weeklyRules: WeeklyRule[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
            weekday,
            startMinute: 0,
            endMinute: 1440,
          }));
          const settings = {
            travelBufferMinutes: bufferMinutes,
            minNoticeHours,
            dailyLessonCap: dailyCap,
            teachesPublicHolidays: false,
          };
          const now = at("2027-04-02", 20);
          const engine = openLessonStarts(
            {
              weeklyRules,
              exceptionsByDate: new Map(),
              busy: new BusyIndex(periods),
              lastDate: null,
              settings,
            },
            days,
            now,
            pickup,
          ).map((s) => s.start.getTime());

          const expected: number[] = [];
          for (const d of days) {
            const count = periods.filter(([s]) => s >= d.startMs && s < d.endMs).length;
            if (dailyCap !== null && count >= dailyCap) continue;
            for (const w of workingWindowsOn(d.weekday, weeklyRules, [])) {
              for (const start of hourlyLessonStarts(d.date, w.startMinute, w.endMinute)) {
                const s = start.getTime();
                const e = s + LESSON_MS;
                if (s - now.getTime() < Math.max(minNoticeHours, 2) * 3_600_000) continue;
                const fine = periods.every(([ps, pe, where]) => {
                  if (pe <= s) return s - pe >= (travel(where, pickup) + bufferMinutes) * 60_000;
                  if (ps >= e) return ps - e >= (travel(pickup, where) + bufferMinutes) * 60_000;
                  return false;
                });
                if (fine) expected.push(s);
              }
            }
          }
          expect(engine).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

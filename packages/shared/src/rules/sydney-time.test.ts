import { describe, expect, it } from "vitest";
import {
  addDaysToDate,
  clockMinutes,
  daysBetween,
  eachDateInRange,
  formatSydneyDate,
  formatSydneyTime,
  formatSydneyTimeRange,
  hourlyLessonStarts,
  isValidIsoDate,
  sydneyDateOf,
  sydneyHourOf,
  sydneyMidnight,
  sydneyMinutesOf,
  sydneyTodayDate,
  sydneyWallTimeInstants,
  sydneyWallTimeToInstant,
  sydneyWeekday,
} from "./sydney-time.ts";

const utc = (iso: string) => new Date(iso);
const isoList = (dates: Date[]) => dates.map((d) => d.toISOString());

describe("sydneyDateOf / sydneyTodayDate", () => {
  it("uses the Sydney calendar, not UTC", () => {
    expect(sydneyDateOf(utc("2026-06-14T14:00:00.000Z"))).toBe("2026-06-15"); // 00:00 AEST
    expect(sydneyDateOf(utc("2026-06-14T13:59:59.999Z"))).toBe("2026-06-14");
    expect(sydneyDateOf(utc("2026-01-14T13:00:00.000Z"))).toBe("2026-01-15"); // 00:00 AEDT
    expect(sydneyDateOf(utc("2026-01-14T12:59:59.999Z"))).toBe("2026-01-14");
    expect(sydneyTodayDate(utc("2026-12-31T13:00:00.000Z"))).toBe("2027-01-01");
  });
});

describe("calendar date arithmetic", () => {
  it("sydneyWeekday gives 0=Sunday..6=Saturday", () => {
    expect(sydneyWeekday("2026-04-05")).toBe(0);
    expect(sydneyWeekday("2026-06-15")).toBe(1);
    expect(sydneyWeekday("2026-06-19")).toBe(5);
    expect(sydneyWeekday("2026-06-20")).toBe(6);
    expect(sydneyWeekday("2026-10-04")).toBe(0);
  });

  it("addDaysToDate crosses months, years, leap days and DST changes", () => {
    expect(addDaysToDate("2026-04-04", 1)).toBe("2026-04-05");
    expect(addDaysToDate("2026-04-05", 1)).toBe("2026-04-06");
    expect(addDaysToDate("2026-10-03", 2)).toBe("2026-10-05");
    expect(addDaysToDate("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysToDate("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDaysToDate("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDaysToDate("2026-06-15", 30)).toBe("2026-07-15");
    expect(addDaysToDate("2026-06-15", 0)).toBe("2026-06-15");
  });

  it("eachDateInRange is inclusive", () => {
    expect(eachDateInRange("2026-04-04", "2026-04-06")).toEqual(["2026-04-04", "2026-04-05", "2026-04-06"]);
    expect(eachDateInRange("2026-06-15", "2026-06-15")).toEqual(["2026-06-15"]);
    expect(eachDateInRange("2026-06-16", "2026-06-15")).toEqual([]);
    expect(eachDateInRange("2026-06-15", "2026-07-14")).toHaveLength(30);
  });

  it("daysBetween counts calendar days", () => {
    expect(daysBetween("2026-04-01", "2026-05-01")).toBe(30);
    expect(daysBetween("2026-10-01", "2026-10-08")).toBe(7);
    expect(daysBetween("2026-06-15", "2026-06-15")).toBe(0);
    expect(daysBetween("2026-06-15", "2026-06-14")).toBe(-1);
    expect(daysBetween("2028-02-01", "2028-03-01")).toBe(29);
  });

  it("rejects invalid dates in arithmetic", () => {
    expect(() => addDaysToDate("2026-02-30", 1)).toThrow(RangeError);
    expect(() => sydneyWeekday("nope")).toThrow(RangeError);
    expect(() => eachDateInRange("2026-01-01", "2026-13-01")).toThrow(RangeError);
  });

  it("isValidIsoDate accepts only real YYYY-MM-DD dates", () => {
    expect(isValidIsoDate("2026-04-05")).toBe(true);
    expect(isValidIsoDate("2028-02-29")).toBe(true);
    expect(isValidIsoDate("2026-02-29")).toBe(false);
    expect(isValidIsoDate("2026-04-31")).toBe(false);
    expect(isValidIsoDate("2026-13-01")).toBe(false);
    expect(isValidIsoDate("2026-00-10")).toBe(false);
    expect(isValidIsoDate("2026-1-01")).toBe(false);
    expect(isValidIsoDate("2026-04-05T00:00")).toBe(false);
    expect(isValidIsoDate("")).toBe(false);
  });
});

describe("clockMinutes", () => {
  it("reads a time input's 24-hour HH:MM", () => {
    expect(clockMinutes("00:00")).toBe(0);
    expect(clockMinutes("10:30")).toBe(630);
    expect(clockMinutes("23:59")).toBe(1439);
  });

  it("is null for anything else", () => {
    for (const bad of ["", "9:30", "24:00", "10:60", "10:30:00", "ten"]) expect(clockMinutes(bad)).toBeNull();
  });
});

describe("sydneyWallTimeToInstant", () => {
  it("converts on ordinary AEST and AEDT days", () => {
    expect(sydneyWallTimeToInstant("2026-06-15", 9 * 60)?.toISOString()).toBe("2026-06-14T23:00:00.000Z");
    expect(sydneyWallTimeToInstant("2026-06-15", 0)?.toISOString()).toBe("2026-06-14T14:00:00.000Z");
    expect(sydneyWallTimeToInstant("2026-01-15", 9 * 60)?.toISOString()).toBe("2026-01-14T22:00:00.000Z");
    expect(sydneyWallTimeToInstant("2026-01-15", 14 * 60 + 30)?.toISOString()).toBe(
      "2026-01-15T03:30:00.000Z",
    );
  });

  it("returns the first occurrence in the repeated hour when DST ends (2026-04-05)", () => {
    expect(sydneyWallTimeToInstant("2026-04-05", 60)?.toISOString()).toBe("2026-04-04T14:00:00.000Z");
    expect(sydneyWallTimeToInstant("2026-04-05", 120)?.toISOString()).toBe("2026-04-04T15:00:00.000Z");
    expect(sydneyWallTimeToInstant("2026-04-05", 150)?.toISOString()).toBe("2026-04-04T15:30:00.000Z");
    expect(sydneyWallTimeToInstant("2026-04-05", 180)?.toISOString()).toBe("2026-04-04T17:00:00.000Z");
  });

  it("lists both instants of the repeated hour, none in the gap, one elsewhere", () => {
    expect(isoList(sydneyWallTimeInstants("2027-04-04", 120))).toEqual([
      "2027-04-03T15:00:00.000Z", // 02:00 AEDT
      "2027-04-03T16:00:00.000Z", // 02:00 AEST
    ]);
    expect(isoList(sydneyWallTimeInstants("2027-04-04", 180))).toEqual(["2027-04-03T17:00:00.000Z"]);
    expect(sydneyWallTimeInstants("2026-10-04", 120)).toEqual([]);
    expect(sydneyWallTimeInstants("2026-02-30", 120)).toEqual([]);
  });

  it("returns null inside the DST-start gap (2026-10-04, 02:00–03:00)", () => {
    expect(sydneyWallTimeToInstant("2026-10-04", 60)?.toISOString()).toBe("2026-10-03T15:00:00.000Z");
    expect(sydneyWallTimeToInstant("2026-10-04", 119)?.toISOString()).toBe("2026-10-03T15:59:00.000Z");
    expect(sydneyWallTimeToInstant("2026-10-04", 120)).toBeNull();
    expect(sydneyWallTimeToInstant("2026-10-04", 150)).toBeNull();
    expect(sydneyWallTimeToInstant("2026-10-04", 179)).toBeNull();
    expect(sydneyWallTimeToInstant("2026-10-04", 180)?.toISOString()).toBe("2026-10-03T16:00:00.000Z");
  });

  it("rolls minutes past midnight into the next day", () => {
    expect(sydneyWallTimeToInstant("2026-06-15", 1440)?.toISOString()).toBe("2026-06-15T14:00:00.000Z");
  });

  it("returns null for bad input", () => {
    expect(sydneyWallTimeToInstant("2026-02-30", 600)).toBeNull();
    expect(sydneyWallTimeToInstant("2026-06-15", 600.5)).toBeNull();
    expect(sydneyWallTimeToInstant("2026-06-15", Number.NaN)).toBeNull();
  });
});

describe("sydneyMinutesOf / sydneyHourOf", () => {
  it("reads the Sydney wall clock", () => {
    expect(sydneyMinutesOf(utc("2026-06-14T23:30:00.000Z"))).toBe(570);
    expect(sydneyHourOf(utc("2026-06-14T23:30:00.000Z"))).toBe(9);
    expect(sydneyMinutesOf(utc("2026-01-15T03:30:00.000Z"))).toBe(870);
    expect(sydneyHourOf(utc("2026-06-14T14:00:00.000Z"))).toBe(0);
  });

  it("shows the repeated hour twice when DST ends", () => {
    expect(sydneyMinutesOf(utc("2026-04-04T15:30:00.000Z"))).toBe(150); // 02:30 AEDT
    expect(sydneyMinutesOf(utc("2026-04-04T16:30:00.000Z"))).toBe(150); // 02:30 AEST
    expect(sydneyHourOf(utc("2026-04-04T17:00:00.000Z"))).toBe(3);
  });

  it("skips the missing hour when DST starts", () => {
    expect(sydneyMinutesOf(utc("2026-10-03T15:59:00.000Z"))).toBe(119); // 01:59 AEST
    expect(sydneyMinutesOf(utc("2026-10-03T16:00:00.000Z"))).toBe(180); // 03:00 AEDT
  });
});

describe("formatSydneyDate / formatSydneyTime", () => {
  it("formats dates as DD/MM/YYYY in Sydney", () => {
    expect(formatSydneyDate(utc("2026-06-14T14:00:00.000Z"))).toBe("15/06/2026");
    expect(formatSydneyDate(utc("2026-12-31T13:00:00.000Z"))).toBe("01/01/2027");
  });

  it("formats times as h:mm am/pm in Sydney", () => {
    expect(formatSydneyTime(utc("2026-06-14T23:00:00.000Z"))).toBe("9:00 am");
    expect(formatSydneyTime(utc("2026-01-15T03:30:00.000Z"))).toBe("2:30 pm");
    expect(formatSydneyTime(utc("2026-06-15T02:00:00.000Z"))).toBe("12:00 pm");
    expect(formatSydneyTime(utc("2026-06-14T14:00:00.000Z"))).toBe("12:00 am");
  });

  it("names the zone of a time in the repeated DST-end hour, and only there", () => {
    expect(formatSydneyTime(utc("2027-04-03T14:00:00.000Z"))).toBe("1:00 am");
    expect(formatSydneyTime(utc("2027-04-03T15:00:00.000Z"))).toBe("2:00 am AEDT");
    expect(formatSydneyTime(utc("2027-04-03T15:59:00.000Z"))).toBe("2:59 am AEDT");
    expect(formatSydneyTime(utc("2027-04-03T16:00:00.000Z"))).toBe("2:00 am AEST");
    expect(formatSydneyTime(utc("2027-04-03T17:00:00.000Z"))).toBe("3:00 am");
    // The DST start repeats nothing: 01:59 AEST is followed by 03:00 AEDT.
    expect(formatSydneyTime(utc("2026-10-03T15:59:00.000Z"))).toBe("1:59 am");
    expect(formatSydneyTime(utc("2026-10-03T16:00:00.000Z"))).toBe("3:00 am");
  });
});

describe("hourlyLessonStarts", () => {
  it("lists on-the-hour starts whose lesson fits the window on an ordinary day", () => {
    expect(isoList(hourlyLessonStarts("2026-06-15", 9 * 60, 12 * 60))).toEqual([
      "2026-06-14T23:00:00.000Z",
      "2026-06-15T00:00:00.000Z",
      "2026-06-15T01:00:00.000Z",
    ]);
  });

  it("rounds a window with odd minutes inward", () => {
    // [09:30, 12:30): 10:00 and 11:00 fit; 09:00 starts too early, 12:00 would end at 13:00.
    expect(isoList(hourlyLessonStarts("2026-06-15", 570, 750))).toEqual([
      "2026-06-15T00:00:00.000Z",
      "2026-06-15T01:00:00.000Z",
    ]);
  });

  it("returns nothing when no lesson fits", () => {
    expect(hourlyLessonStarts("2026-06-15", 600, 659)).toEqual([]);
    expect(hourlyLessonStarts("2026-06-15", 600, 600)).toEqual([]);
    expect(hourlyLessonStarts("2026-06-15", 700, 600)).toEqual([]);
  });

  it("offers both occurrences of the repeated hour on the 25-hour DST-end day (2026-04-05)", () => {
    const starts = hourlyLessonStarts("2026-04-05", 0, 1440);
    expect(starts).toHaveLength(25);
    expect(new Set(starts.map((s) => s.getTime())).size).toBe(25);
    expect(isoList(starts.slice(0, 6))).toEqual([
      "2026-04-04T13:00:00.000Z", // 00:00 AEDT
      "2026-04-04T14:00:00.000Z", // 01:00 AEDT
      "2026-04-04T15:00:00.000Z", // 02:00 AEDT (first occurrence)
      "2026-04-04T16:00:00.000Z", // 02:00 AEST (second occurrence)
      "2026-04-04T17:00:00.000Z", // 03:00 AEST
      "2026-04-04T18:00:00.000Z", // 04:00 AEST
    ]);
    expect(starts.at(-1)?.toISOString()).toBe("2026-04-05T13:00:00.000Z"); // 23:00 AEST
  });

  it("handles the DST-end window around the repeated hour", () => {
    expect(isoList(hourlyLessonStarts("2026-04-05", 60, 240))).toEqual([
      "2026-04-04T14:00:00.000Z",
      "2026-04-04T15:00:00.000Z",
      "2026-04-04T16:00:00.000Z",
      "2026-04-04T17:00:00.000Z",
    ]);
    // Availability of just 02:00–03:00 holds both of that night's 02:00 lessons (issue 30: 04/04/2027).
    expect(isoList(hourlyLessonStarts("2027-04-04", 120, 180))).toEqual([
      "2027-04-03T15:00:00.000Z", // 02:00 AEDT
      "2027-04-03T16:00:00.000Z", // 02:00 AEST
    ]);
    // A window that ends at 02:00 holds neither.
    expect(isoList(hourlyLessonStarts("2027-04-04", 0, 120))).toEqual([
      "2027-04-03T13:00:00.000Z",
      "2027-04-03T14:00:00.000Z",
    ]);
    expect(isoList(hourlyLessonStarts("2026-04-05", 600, 720))).toEqual([
      "2026-04-05T00:00:00.000Z", // 10:00 AEST
      "2026-04-05T01:00:00.000Z",
    ]);
  });

  it("skips the missing hour on the 23-hour DST-start day (2026-10-04)", () => {
    const starts = hourlyLessonStarts("2026-10-04", 0, 1440);
    expect(starts).toHaveLength(23);
    expect(isoList(starts.slice(0, 4))).toEqual([
      "2026-10-03T14:00:00.000Z", // 00:00 AEST
      "2026-10-03T15:00:00.000Z", // 01:00 AEST
      "2026-10-03T16:00:00.000Z", // 03:00 AEDT (02:00 does not exist)
      "2026-10-03T17:00:00.000Z", // 04:00 AEDT
    ]);
    expect(starts.at(-1)?.toISOString()).toBe("2026-10-04T12:00:00.000Z"); // 23:00 AEDT
    expect(isoList(hourlyLessonStarts("2026-10-04", 120, 240))).toEqual(["2026-10-03T16:00:00.000Z"]);
  });

  it("offers 24 starts on an ordinary full day", () => {
    const starts = hourlyLessonStarts("2026-06-15", 0, 1440);
    expect(starts).toHaveLength(24);
    expect(starts[0]?.toISOString()).toBe("2026-06-14T14:00:00.000Z");
    expect(starts.at(-1)?.toISOString()).toBe("2026-06-15T13:00:00.000Z");
  });
});

describe("sydneyMidnight", () => {
  it("is 00:00 on the Sydney wall clock, in either offset", () => {
    expect(sydneyMidnight("2026-06-15").toISOString()).toBe("2026-06-14T14:00:00.000Z"); // AEST
    expect(sydneyMidnight("2026-01-15").toISOString()).toBe("2026-01-14T13:00:00.000Z"); // AEDT
  });

  it("bounds the 25-hour and 23-hour days of the DST changes", () => {
    const hours = (a: string, b: string) =>
      (sydneyMidnight(b).getTime() - sydneyMidnight(a).getTime()) / 3_600_000;
    expect(sydneyMidnight("2026-04-05").toISOString()).toBe("2026-04-04T13:00:00.000Z"); // still AEDT
    expect(sydneyMidnight("2026-04-06").toISOString()).toBe("2026-04-05T14:00:00.000Z"); // AEST
    expect(hours("2026-04-05", "2026-04-06")).toBe(25);
    expect(sydneyMidnight("2026-10-04").toISOString()).toBe("2026-10-03T14:00:00.000Z"); // still AEST
    expect(sydneyMidnight("2026-10-05").toISOString()).toBe("2026-10-04T13:00:00.000Z"); // AEDT
    expect(hours("2026-10-04", "2026-10-05")).toBe(23);
    expect(hours("2026-06-15", "2026-06-16")).toBe(24);
  });

  it("throws for something that is not a real date", () => {
    expect(() => sydneyMidnight("2026-02-30")).toThrow(RangeError);
    expect(() => sydneyMidnight("15/06/2026")).toThrow(RangeError);
  });
});

describe("formatSydneyTimeRange", () => {
  it("prints a plain range on an ordinary day", () => {
    expect(formatSydneyTimeRange(new Date("2026-11-30T22:00:00Z"), new Date("2026-11-30T23:00:00Z"))).toBe(
      "9:00 am – 10:00 am",
    );
  });

  it("names the zones when daylight saving ends inside the lesson: never 2:00 am – 2:00 am", () => {
    // Sunday 5 April 2026: 3:00 am AEDT becomes 2:00 am AEST (16:00 UTC).
    expect(formatSydneyTimeRange(new Date("2026-04-04T15:00:00Z"), new Date("2026-04-04T16:00:00Z"))).toBe(
      "2:00 am AEDT – 2:00 am AEST",
    );
  });

  it("names the zones when daylight saving starts inside the lesson", () => {
    // Sunday 4 October 2026: 2:00 am AEST becomes 3:00 am AEDT (16:00 UTC).
    expect(formatSydneyTimeRange(new Date("2026-10-03T15:30:00Z"), new Date("2026-10-03T16:30:00Z"))).toBe(
      "1:30 am AEST – 3:30 am AEDT",
    );
  });

  it("names the zones of a lesson touching the repeated DST-end hour, which happens twice", () => {
    // Sunday 4 April 2027: the second 2:00 am lesson, and the one ending as the first 2:00 am begins.
    expect(formatSydneyTimeRange(new Date("2027-04-03T16:00:00Z"), new Date("2027-04-03T17:00:00Z"))).toBe(
      "2:00 am AEST – 3:00 am AEST",
    );
    expect(formatSydneyTimeRange(new Date("2027-04-03T14:00:00Z"), new Date("2027-04-03T15:00:00Z"))).toBe(
      "1:00 am AEDT – 2:00 am AEDT",
    );
  });
});

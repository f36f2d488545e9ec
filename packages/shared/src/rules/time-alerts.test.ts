import { describe, expect, it } from "vitest";
import { TIME_ALERT_MAX_WINDOW_DAYS } from "../constants.ts";
import { addDaysToDate, sydneyWallTimeToInstant } from "./sydney-time.ts";
import {
  isWantedTime,
  isWindowPassed,
  mayAlertAgain,
  offerLinkExpiry,
  searchableDates,
  type TimeAlertWindow,
  timeAlertWindowProblems,
} from "./time-alerts.ts";

// Monday 07/12/2026, 09:00 in Sydney (AEDT).
const now = new Date("2026-12-06T22:00:00Z");
const at = (date: string, hhmm: number) => sydneyWallTimeToInstant(date, hhmm) as Date;
const window: TimeAlertWindow = {
  fromDate: "2026-12-08",
  toDate: "2026-12-20",
  fromMinute: 7 * 60,
  toMinute: 10 * 60,
  weekdays: [2, 4],
  lessonMinutes: 60,
};

describe("earlier-time alerts", () => {
  it("wants a time inside the dates, the weekdays and the times of day, lesson end included", () => {
    expect(isWantedTime(window, at("2026-12-08", 9 * 60))).toBe(true); // Tuesday 09:00–10:00
    expect(isWantedTime(window, at("2026-12-08", 9 * 60 + 30))).toBe(false); // ends 10:30
    expect(isWantedTime(window, at("2026-12-08", 6 * 60))).toBe(false); // before 07:00
    expect(isWantedTime(window, at("2026-12-09", 9 * 60))).toBe(false); // a Wednesday
    expect(isWantedTime(window, at("2026-12-22", 9 * 60))).toBe(false); // after the window
    expect(
      isWantedTime(
        { ...window, weekdays: null, fromMinute: null, toMinute: null },
        at("2026-12-09", 20 * 60),
      ),
    ).toBe(true);
  });

  it("searches only the bookable part of the window", () => {
    expect(searchableDates({ fromDate: "2026-12-01", toDate: "2026-12-10" }, now)).toEqual({
      startDate: "2026-12-07",
      endDate: "2026-12-10",
    });
    expect(searchableDates({ fromDate: "2026-12-07", toDate: "2027-02-01" }, now)?.endDate).toBe(
      addDaysToDate("2026-12-07", 30),
    );
    expect(searchableDates({ fromDate: "2027-02-01", toDate: "2027-02-10" }, now)).toBeNull();
    expect(isWindowPassed({ toDate: "2026-12-06" }, now)).toBe(true);
    expect(isWindowPassed({ toDate: "2026-12-07" }, now)).toBe(false);
  });

  it("emails at most once in 24 hours; a link lapses after a day or at the lesson", () => {
    expect(mayAlertAgain(null, now)).toBe(true);
    expect(mayAlertAgain(new Date(now.getTime() - 24 * 3_600_000 + 1), now)).toBe(false);
    expect(mayAlertAgain(new Date(now.getTime() - 24 * 3_600_000), now)).toBe(true);
    const soon = new Date(now.getTime() + 5 * 3_600_000);
    expect(offerLinkExpiry(now, soon)).toEqual(soon);
    expect(offerLinkExpiry(now, at("2026-12-20", 9 * 60))).toEqual(new Date(now.getTime() + 24 * 3_600_000));
  });

  it("refuses a window in the past, backwards, too long, or too short a time of day", () => {
    expect(timeAlertWindowProblems(window, now)).toEqual([]);
    const paths = (w: Partial<TimeAlertWindow>) =>
      timeAlertWindowProblems({ ...window, ...w }, now).map((p) => p.path);
    expect(paths({ fromDate: "2026-12-06" })).toEqual(["fromDate"]);
    expect(paths({ toDate: "2026-12-07" })).toEqual(["toDate"]);
    expect(
      paths({ fromDate: "2026-12-07", toDate: addDaysToDate("2026-12-07", TIME_ALERT_MAX_WINDOW_DAYS - 1) }),
    ).toEqual([]);
    expect(
      paths({ fromDate: "2026-12-07", toDate: addDaysToDate("2026-12-07", TIME_ALERT_MAX_WINDOW_DAYS) }),
    ).toEqual(["toDate"]);
    expect(paths({ fromMinute: 9 * 60, toMinute: 9 * 60 + 59 })).toEqual(["toTime"]);
  });
});

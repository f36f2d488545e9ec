/**
 * A weekly lesson (issue 34, decision 043): the same weekday and Sydney wall-clock time with one
 * instructor for 2 to 12 weeks, planned and paid as one booking. Pure: which instants the weeks fall on,
 * how far ahead a series may reach, and the words for a week that cannot be had.
 */
import {
  BOOKING_HORIZON_DAYS,
  WEEKLY_SERIES_ALTERNATIVE_DAYS,
  WEEKLY_SERIES_MAX_WEEKS,
} from "../constants.ts";
import type { BookingHorizon } from "./booking-window.ts";
import {
  addDaysToDate,
  formatIsoDate,
  sydneyDateOf,
  sydneyMinutesOf,
  sydneyTodayDate,
  sydneyWallTimeToInstant,
} from "./sydney-time.ts";

/** One week of a series: its Sydney date, and the instant of the series' wall-clock time that day. */
export interface SeriesWeek {
  /** 1 for the first lesson. */
  week: number;
  date: string;
  /** Null when that wall-clock time does not exist that day (the DST-start gap). */
  start: Date | null;
  end: Date | null;
}

/**
 * The weeks of a series starting at `firstStart` and lasting `minutes`: the same Sydney wall-clock time
 * each week, so a 10:00 lesson stays at 10:00 across a daylight-saving change (its UTC instant moves by
 * an hour), never the same UTC instant.
 */
export function weeklySeriesWeeks(firstStart: Date, minutes: number, weeks: number): SeriesWeek[] {
  const firstDate = sydneyDateOf(firstStart);
  const wallMinutes = sydneyMinutesOf(firstStart);
  return Array.from({ length: weeks }, (_, i) => {
    const date = addDaysToDate(firstDate, 7 * i);
    const start = sydneyWallTimeToInstant(date, wallMinutes);
    return {
      week: i + 1,
      date,
      start,
      end: start ? new Date(start.getTime() + minutes * 60_000) : null,
    };
  });
}

/**
 * How far ahead a series may reach: its first lesson lies in the ordinary 30-day booking horizon (the
 * caller checks that), its last up to 11 weeks later, and that week's other times a few days beyond.
 */
export function weeklySeriesHorizon(now: Date): BookingHorizon {
  const firstDate = sydneyTodayDate(now);
  const reach = BOOKING_HORIZON_DAYS + 7 * (WEEKLY_SERIES_MAX_WEEKS - 1) + WEEKLY_SERIES_ALTERNATIVE_DAYS;
  return { firstDate, lastDate: addDaysToDate(firstDate, reach) };
}

/** Why a week cannot be had, as the preview names it. */
export const SERIES_WEEK_REASONS = [
  "public_holiday",
  "instructor_leave",
  "outside_hours",
  "taken",
  "travel",
  "notice",
  "cap",
  "not_teaching",
  "own_lesson",
  "no_such_time",
] as const;
export type SeriesWeekReason = (typeof SERIES_WEEK_REASONS)[number];

/** The sentence shown beside a week that cannot be had; `holiday` names the public holiday. */
export function seriesWeekReasonMessage(
  reason: SeriesWeekReason,
  at: { date: string; holiday?: string | null; instructorFirstName: string },
): string {
  const on = formatIsoDate(at.date);
  const who = at.instructorFirstName;
  switch (reason) {
    case "public_holiday":
      return `${on} is a public holiday (${at.holiday ?? "NSW public holiday"}); ${who} does not teach that day.`;
    case "instructor_leave":
      return `${who} is away on ${on}.`;
    case "outside_hours":
      return `${who} does not work at this time on ${on}.`;
    case "taken":
      return `${who} already has a lesson at this time on ${on}.`;
    case "travel":
      return `${who} cannot get to you in time from another lesson on ${on}.`;
    case "notice":
      return `${on} is too soon: ${who} needs more notice.`;
    case "cap":
      return `${who} already teaches as many lessons as they take in a day on ${on}.`;
    case "not_teaching":
      return `${who} is not taking lessons on ${on}.`;
    case "own_lesson":
      return `You already have a lesson at this time on ${on}.`;
    case "no_such_time":
      return `This time does not exist on ${on} (the clocks go forward).`;
  }
}

/** "Weekly · 3 of 6": the label of a series' lesson in the learner's lessons. */
export function weeklySeriesLabel(position: number, count: number): string {
  return `Weekly · ${position} of ${count}`;
}

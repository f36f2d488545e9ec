/**
 * Earlier-time alerts (issue 34, decision 044): which open times an alert wants, which part of its
 * window can be searched now, and when it may email again. Pure; the API's scan applies them to the
 * availability engine's slot list.
 */
import { TIME_ALERT_LINK_HOURS, TIME_ALERT_MAX_WINDOW_DAYS, TIME_ALERT_QUIET_HOURS } from "../constants.ts";
import { bookingHorizon } from "./booking-window.ts";
import {
  daysBetween,
  formatIsoDate,
  sydneyDateOf,
  sydneyMinutesOf,
  sydneyTodayDate,
  sydneyWeekday,
} from "./sydney-time.ts";

const MS_PER_HOUR = 3_600_000;

/** What an alert watches for: Sydney dates inclusive, optional times of day (minutes) and weekdays. */
export interface TimeAlertWindow {
  fromDate: string;
  toDate: string;
  /** Earliest start, minutes from Sydney midnight; null: any. */
  fromMinute: number | null;
  /** Latest end, minutes from Sydney midnight; null: any. */
  toMinute: number | null;
  /** 0 = Sunday … 6 = Saturday; null or empty: every day. */
  weekdays: readonly number[] | null;
  lessonMinutes: number;
}

/** Whether a lesson starting at `start` (of the alert's length) is one the alert asks for. */
export function isWantedTime(window: TimeAlertWindow, start: Date): boolean {
  const date = sydneyDateOf(start);
  if (date < window.fromDate || date > window.toDate) return false;
  if (window.weekdays && window.weekdays.length > 0 && !window.weekdays.includes(sydneyWeekday(date))) {
    return false;
  }
  const startMinute = sydneyMinutesOf(start);
  if (window.fromMinute !== null && startMinute < window.fromMinute) return false;
  if (window.toMinute !== null && startMinute + window.lessonMinutes > window.toMinute) return false;
  return true;
}

/**
 * The part of the window that can be searched and booked at `now`: from today (or the window's first
 * date) to the booking horizon's last date (or the window's last). Null when none of it is bookable yet
 * or any more.
 */
export function searchableDates(
  window: Pick<TimeAlertWindow, "fromDate" | "toDate">,
  now: Date,
): { startDate: string; endDate: string } | null {
  const horizon = bookingHorizon(now);
  const startDate = window.fromDate > horizon.firstDate ? window.fromDate : horizon.firstDate;
  const endDate = window.toDate < horizon.lastDate ? window.toDate : horizon.lastDate;
  return startDate <= endDate ? { startDate, endDate } : null;
}

/** The window's last date is behind us (Sydney): the alert ends quietly. */
export const isWindowPassed = (window: Pick<TimeAlertWindow, "toDate">, now: Date) =>
  window.toDate < sydneyTodayDate(now);

/** An alert emails at most once per TIME_ALERT_QUIET_HOURS. */
export function mayAlertAgain(lastNotifiedAt: Date | null, now: Date): boolean {
  return !lastNotifiedAt || now.getTime() - lastNotifiedAt.getTime() >= TIME_ALERT_QUIET_HOURS * MS_PER_HOUR;
}

/** When an emailed link to hold a time lapses: TIME_ALERT_LINK_HOURS after it was sent, or at the lesson's start. */
export function offerLinkExpiry(sentAt: Date, start: Date): Date {
  const lapse = sentAt.getTime() + TIME_ALERT_LINK_HOURS * MS_PER_HOUR;
  return new Date(Math.min(lapse, start.getTime()));
}

/**
 * What is wrong with a new alert's window at `now`, field by field (empty: nothing): the first date not
 * before today, the last not before the first, at most TIME_ALERT_MAX_WINDOW_DAYS days, a time range
 * long enough for one lesson.
 */
export function timeAlertWindowProblems(
  window: TimeAlertWindow,
  now: Date,
): Array<{ path: string; message: string }> {
  const problems: Array<{ path: string; message: string }> = [];
  const today = sydneyTodayDate(now);
  if (window.fromDate < today) {
    problems.push({
      path: "fromDate",
      message: `Choose a first date from today (${formatIsoDate(today)}) on`,
    });
  }
  if (window.toDate < window.fromDate) {
    problems.push({ path: "toDate", message: "The last date must be on or after the first date" });
  } else if (daysBetween(window.fromDate, window.toDate) + 1 > TIME_ALERT_MAX_WINDOW_DAYS) {
    problems.push({
      path: "toDate",
      message: `An alert can watch at most ${TIME_ALERT_MAX_WINDOW_DAYS} days: choose an earlier last date`,
    });
  }
  if (
    window.fromMinute !== null &&
    window.toMinute !== null &&
    window.toMinute - window.fromMinute < window.lessonMinutes
  ) {
    problems.push({
      path: "toTime",
      message: `Leave at least ${window.lessonMinutes} minutes between the earliest start and the latest finish`,
    });
  }
  return problems;
}

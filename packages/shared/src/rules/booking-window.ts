/** Which dates and lesson start times a student may book. */
import { BOOKING_HORIZON_DAYS, CALENDAR_DAYS, MIN_LEAD_TIME_MINUTES } from "../constants.ts";
import { addDaysToDate, formatIsoDate, isValidIsoDate, sydneyTodayDate } from "./sydney-time.ts";

const MS_PER_HOUR = 3_600_000;
const MS_PER_MINUTE = 60_000;

/**
 * Lessons start on the hour, at least 2 hours from now. Sydney's offsets (+10/+11) are whole hours, so
 * "on the hour in Sydney" is the same test as on the hour in UTC: no minutes, seconds or milliseconds.
 */
export function isBookableStart(start: Date, now: Date): boolean {
  const startMs = start.getTime();
  if (!Number.isFinite(startMs) || !Number.isFinite(now.getTime())) return false;
  if (startMs % MS_PER_HOUR !== 0) return false;
  return startMs - now.getTime() >= MIN_LEAD_TIME_MINUTES * MS_PER_MINUTE;
}

/** Sydney calendar dates, both inclusive. */
export interface BookingHorizon {
  firstDate: string;
  lastDate: string;
}

/**
 * The booking horizon: lessons can be booked on Sydney dates from today up to BOOKING_HORIZON_DAYS (30)
 * days after today, both inclusive. Every availability query and every booking must lie inside it, so
 * no request can make the server scan years of a suburb's calendar.
 */
export function bookingHorizon(now: Date): BookingHorizon {
  const firstDate = sydneyTodayDate(now);
  return { firstDate, lastDate: addDaysToDate(firstDate, BOOKING_HORIZON_DAYS) };
}

/** True when `date` (YYYY-MM-DD) is a real date inside the booking horizon at `now`. */
export function isWithinBookingHorizon(date: string, now: Date): boolean {
  if (!isValidIsoDate(date)) return false;
  const { firstDate, lastDate } = bookingHorizon(now);
  return date >= firstDate && date <= lastDate;
}

/** The one wording of a date outside the horizon, for the API's 400 and any form that checks it. */
export function bookingHorizonMessage(horizon: BookingHorizon): string {
  return (
    `Lessons can be booked from today (${formatIsoDate(horizon.firstDate)}) up to ${BOOKING_HORIZON_DAYS} ` +
    `days ahead (${formatIsoDate(horizon.lastDate)}); choose dates in that range`
  );
}

/**
 * The student's calendar: CALENDAR_DAYS (30) days from the first date of the booking horizon, so every
 * day it shows can be booked. It ends a day before the horizon does: a calendar opened just before
 * Sydney midnight can still book its last day after midnight.
 */
export function bookingCalendarRange(now: Date): { startDate: string; endDate: string } {
  const { firstDate, lastDate } = bookingHorizon(now);
  const endDate = addDaysToDate(firstDate, CALENDAR_DAYS - 1);
  return { startDate: firstDate, endDate: endDate < lastDate ? endDate : lastDate };
}

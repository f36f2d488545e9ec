import { bookingCalendarRange, sydneyWeekday } from "@kerb/shared/rules";

export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

const MONTH_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function weekdayName(date: string): string {
  return WEEKDAY_NAMES[sydneyWeekday(date)] ?? "";
}

export function shortMonth(date: string): string {
  return MONTH_SHORT[Number(date.slice(5, 7)) - 1] ?? "";
}

export function dayOfMonth(date: string): number {
  return Number(date.slice(8, 10));
}

/**
 * The calendar's 30 days, today (Sydney) first: the shared booking-horizon rule, so every day shown is
 * one the API answers for.
 */
export function calendarRange(now: Date = new Date()): { startDate: string; endDate: string } {
  return bookingCalendarRange(now);
}

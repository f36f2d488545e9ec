/**
 * NSW public holidays, from date-holidays (its data follows the NSW government's published list,
 * substitute days included). A subpath of its own (`@kerb/shared/holidays`), not part of the rules
 * index: the holiday data is large and only the API's availability engine needs it, so the web app
 * never loads it.
 */
import Holidays from "date-holidays";
import { sydneyWeekday } from "./rules/sydney-time.ts";

const nsw = new Holidays("AU", "NSW");
const byYear = new Map<number, ReadonlyMap<string, string>>();

/** The year's public holidays (bank holidays and observances such as Mother's Day are not), by date. */
function publicHolidaysOf(year: number): ReadonlyMap<string, string> {
  let holidays = byYear.get(year);
  if (!holidays) {
    holidays = new Map(
      nsw
        .getHolidays(year)
        .filter((h) => h.type === "public")
        .map((h) => [h.date.slice(0, 10), h.name]),
    );
    byYear.set(year, holidays);
  }
  return holidays;
}

/** The name of the NSW public holiday on a Sydney date (YYYY-MM-DD), or null on an ordinary day. */
export function nswPublicHoliday(date: string): string | null {
  return publicHolidaysOf(Number(date.slice(0, 4))).get(date) ?? null;
}

export function isNswPublicHoliday(date: string): boolean {
  return nswPublicHoliday(date) !== null;
}

/** A Monday–Friday that is not an NSW public holiday: when instructors teach unless they say otherwise. */
export function isNswWorkingDay(date: string): boolean {
  const weekday = sydneyWeekday(date);
  return weekday !== 0 && weekday !== 6 && !isNswPublicHoliday(date);
}

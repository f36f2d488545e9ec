/** Sydney day, Monday-to-Sunday week and calendar month around an instant, as [from, to) instants. */
import {
  addDaysToDate,
  sydneyMidnight as midnight,
  sydneyTodayDate,
  sydneyWeekday,
} from "@kerb/shared/rules";

export interface Period {
  from: Date;
  to: Date;
}

export function sydneyDay(now: Date): Period & { date: string } {
  const date = sydneyTodayDate(now);
  return { date, from: midnight(date), to: midnight(addDaysToDate(date, 1)) };
}

export function sydneyWeek(now: Date): Period {
  const today = sydneyTodayDate(now);
  const monday = addDaysToDate(today, -((sydneyWeekday(today) + 6) % 7));
  return { from: midnight(monday), to: midnight(addDaysToDate(monday, 7)) };
}

export function sydneyMonth(now: Date): Period & { month: string } {
  const month = sydneyTodayDate(now).slice(0, 7);
  const first = `${month}-01`;
  // Day 32 after the 1st is always in the next month.
  const nextFirst = `${addDaysToDate(first, 32).slice(0, 7)}-01`;
  return { month, from: midnight(first), to: midnight(nextFirst) };
}

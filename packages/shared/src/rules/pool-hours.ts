/** Pool hours: cheaper low-demand lessons on weekdays, 10:00–15:00 Sydney time (ARCHITECTURE.md). */
import { LESSON_MINUTES } from "../constants.ts";
import { sydneyDateOf, sydneyMinutesOf, sydneyWeekday } from "./sydney-time.ts";

/** 10:00 Sydney: earliest pool-hour start. */
export const POOL_START_MINUTES = 600;
/** 15:00 Sydney: a pool lesson must have ended by then, so the last start is 14:00. */
export const POOL_END_MINUTES = 900;

/**
 * True when a lesson starting at `start` and lasting `minutes` (60 by default) lies wholly inside a
 * weekday pool window in Sydney (a 120-minute lesson may start at 13:00 at the latest).
 */
export function isPoolHourStart(start: Date, minutes: number = LESSON_MINUTES): boolean {
  if (Number.isNaN(start.getTime())) return false;
  const weekday = sydneyWeekday(sydneyDateOf(start));
  if (weekday === 0 || weekday === 6) return false;
  const startMinute = sydneyMinutesOf(start);
  return startMinute >= POOL_START_MINUTES && startMinute + minutes <= POOL_END_MINUTES;
}

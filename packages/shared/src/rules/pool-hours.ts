/** Pool hours: cheaper low-demand lessons on weekdays, 10:00–15:00 Sydney time (ARCHITECTURE.md). */
import { LESSON_MINUTES } from "../constants.ts";
import { sydneyDateOf, sydneyMinutesOf, sydneyWeekday } from "./sydney-time.ts";

/** 10:00 Sydney: earliest pool-hour start. */
export const POOL_START_MINUTES = 600;
/** 15:00 Sydney: a pool lesson must have ended by then, so the last start is 14:00. */
export const POOL_END_MINUTES = 900;

/** True when a lesson starting at `start` lies wholly inside a weekday pool window in Sydney. */
export function isPoolHourStart(start: Date): boolean {
  if (Number.isNaN(start.getTime())) return false;
  const weekday = sydneyWeekday(sydneyDateOf(start));
  if (weekday === 0 || weekday === 6) return false;
  const minutes = sydneyMinutesOf(start);
  return minutes >= POOL_START_MINUTES && minutes + LESSON_MINUTES <= POOL_END_MINUTES;
}

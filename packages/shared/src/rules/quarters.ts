/** Calendar quarters in Sydney (Jan–Mar, Apr–Jun, Jul–Sep, Oct–Dec): the periods a BAS is lodged for. */
import { addDaysToDate, sydneyTodayDate } from "./sydney-time.ts";

/** The first day (YYYY-MM-DD) of the quarter `date` (YYYY-MM-DD) falls in. */
export function quarterStartOf(date: string): string {
  const [year, month] = date.split("-").map(Number) as [number, number];
  return `${year}-${String(Math.floor((month - 1) / 3) * 3 + 1).padStart(2, "0")}-01`;
}

/** The last quarter that has ended at `now`, Sydney dates, both ends included. */
export function lastFullQuarter(now: Date): { from: string; to: string } {
  const to = addDaysToDate(quarterStartOf(sydneyTodayDate(now)), -1);
  return { from: quarterStartOf(to), to };
}

/**
 * Whether Sydney days `from`..`to` (both included) are one whole calendar quarter, ended at `now`: a
 * BAS period that can no longer change, whose GST summary is issued once.
 */
export function isClosedQuarter(from: string, to: string, now: Date): boolean {
  const next = addDaysToDate(to, 1);
  return from === quarterStartOf(to) && quarterStartOf(next) === next && to < sydneyTodayDate(now);
}

import { useState } from "react";
import { useAvailabilitySummary } from "../api/get-availability-summary";
import type { AvailabilityQuery } from "../api/query-keys";
import { calendarRange } from "../model/dates";

/**
 * Whose free times the calendar counts (an instructor's, Pool Hours only, or both) and for lessons of
 * which length (60 minutes when absent).
 */
export type CalendarSource = Pick<AvailabilityQuery, "instructorId" | "poolHoursOnly" | "lessonMinutes">;

/**
 * The booking calendar's window (fixed when the step opens) and its availability summary for
 * `source` in `suburb`.
 */
export function useCalendarAvailability(suburb: string, source: CalendarSource) {
  const [range] = useState(() => calendarRange(new Date()));
  const summaryQuery = useAvailabilitySummary({ suburb, ...range, ...source });
  return { range, summaryQuery };
}

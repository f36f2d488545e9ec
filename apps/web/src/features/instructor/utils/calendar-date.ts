import { sydneyWeekday } from "@kerb/shared/rules";

const SHORT_WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** "2026-11-03" → "03/11/2026": a Sydney calendar date needs no time-zone conversion. */
export function formatIsoDate(date: string): string {
  const [year, month, day] = date.split("-");
  return year && month && day ? `${day}/${month}/${year}` : date;
}

/** "2026-11-03" → "Tue 03/11/2026". */
export function formatIsoDateWithWeekday(date: string): string {
  try {
    return `${SHORT_WEEKDAYS[sydneyWeekday(date)]} ${formatIsoDate(date)}`;
  } catch {
    return formatIsoDate(date);
  }
}

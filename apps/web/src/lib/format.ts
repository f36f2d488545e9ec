import { SYDNEY_TZ } from "@kerb/shared";
import { dollarsToCents, formatAud, formatSydneyDate, formatSydneyTime } from "@kerb/shared/rules";

/** API money fields are dollars; display goes through the shared cents formatter. */
export function formatDollars(dollars: number): string {
  return formatAud(dollarsToCents(dollars));
}

export function formatDate(iso: string): string {
  return formatSydneyDate(new Date(iso));
}

export function formatTime(iso: string): string {
  return formatSydneyTime(new Date(iso));
}

const weekdayFormatter = new Intl.DateTimeFormat("en-AU", { weekday: "short", timeZone: SYDNEY_TZ });

/** "Tue", in Sydney: the day a lesson happens on where it happens. */
export function formatWeekday(iso: string): string {
  return weekdayFormatter.format(new Date(iso));
}

/** "9:00 am – 10:00 am" */
export function formatTimeRange(startIso: string, endIso: string): string {
  return `${formatTime(startIso)} – ${formatTime(endIso)}`;
}

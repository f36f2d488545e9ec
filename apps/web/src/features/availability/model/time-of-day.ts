import { minutesToTime, timeToMinutes } from "@kerb/shared";
import type { SelectOption } from "@/components/ui/field";

const DAY_MINUTES = 24 * 60;
const STEP_MINUTES = 30;

/** "09:00" → "9:00 am", "13:30" → "1:30 pm"; both ends of the day read "Midnight". */
function formatClock(time: string): string {
  const minutes = timeToMinutes(time);
  if (minutes === 0 || minutes === DAY_MINUTES) return "Midnight";
  const hours = Math.floor(minutes / 60);
  const mins = minutes % 60;
  const suffix = hours < 12 ? "am" : "pm";
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(mins).padStart(2, "0")} ${suffix}`;
}

/** "9:00 am – 5:00 pm" */
export function formatClockRange(start: string, end: string): string {
  return `${formatClock(start)} – ${formatClock(end)}`;
}

function optionsBetween(fromMinutes: number, toMinutes: number): SelectOption[] {
  const options: SelectOption[] = [];
  for (let m = fromMinutes; m <= toMinutes; m += STEP_MINUTES) {
    const value = minutesToTime(m);
    options.push({ value, label: formatClock(value) });
  }
  return options;
}

/** Starts run from midnight to 11:30 pm, ends from 12:30 am to midnight (24:00), on the half hour. */
export const START_TIME_OPTIONS = optionsBetween(0, DAY_MINUTES - STEP_MINUTES);
export const END_TIME_OPTIONS = optionsBetween(STEP_MINUTES, DAY_MINUTES);

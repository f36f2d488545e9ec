/** Which lesson start times a student may book. */
import { MIN_LEAD_TIME_MINUTES } from "../constants.ts";

const MS_PER_HOUR = 3_600_000;
const MS_PER_MINUTE = 60_000;

/**
 * Lessons start on the hour, at least 2 hours from now. Sydney's offsets (+10/+11) are whole hours, so
 * "on the hour in Sydney" is the same test as on the hour in UTC: no minutes, seconds or milliseconds.
 */
export function isBookableStart(start: Date, now: Date): boolean {
  const startMs = start.getTime();
  if (!Number.isFinite(startMs) || !Number.isFinite(now.getTime())) return false;
  if (startMs % MS_PER_HOUR !== 0) return false;
  return startMs - now.getTime() >= MIN_LEAD_TIME_MINUTES * MS_PER_MINUTE;
}

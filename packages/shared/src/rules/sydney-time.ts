/**
 * Sydney calendar and wall-clock helpers. Instants are JS Dates (absolute UTC moments); dates are
 * Sydney calendar dates "YYYY-MM-DD". Calendar arithmetic is done on UTC midnights so the machine's own
 * time zone and DST never leak in; only the conversions between the two go through Australia/Sydney.
 */
import { tz, tzOffset } from "@date-fns/tz";
import { format } from "date-fns";
import { SYDNEY_TZ } from "../constants.ts";

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const inSydney = tz(SYDNEY_TZ);

/** Sydney only ever uses AEST (+10:00) or AEDT (+11:00). */
const SYDNEY_OFFSETS_MINUTES = [660, 600] as const;

/** UTC-midnight milliseconds of a calendar date, or null when it is not a real date. */
function dateToUtcMs(date: string): number | null {
  const m = ISO_DATE.exec(date);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  // Date.UTC rolls 2026-02-30 over to March; a real date survives the round trip unchanged.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    return null;
  }
  return ms;
}

function requireDate(date: string): number {
  const ms = dateToUtcMs(date);
  if (ms === null) throw new RangeError(`Not a valid YYYY-MM-DD date: ${date}`);
  return ms;
}

function utcMsToDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const MS_PER_HOUR = 3_600_000;
const OFFSET_CACHE_LIMIT = 100_000;
const offsetByUtcHour = new Map<number, number>();

/**
 * Sydney's UTC offset in milliseconds at an instant. Both daylight-saving changes happen on a whole
 * UTC hour (16:00 UTC), so the offset is the same throughout each UTC hour: it is looked up in the
 * time-zone database once per hour and remembered (a pure function of the hour, so never stale).
 */
function sydneyOffsetMs(ms: number): number {
  const hour = Math.floor(ms / MS_PER_HOUR);
  let offset = offsetByUtcHour.get(hour);
  if (offset === undefined) {
    if (offsetByUtcHour.size >= OFFSET_CACHE_LIMIT) offsetByUtcHour.clear();
    offset = tzOffset(SYDNEY_TZ, new Date(hour * MS_PER_HOUR)) * MS_PER_MINUTE;
    offsetByUtcHour.set(hour, offset);
  }
  return offset;
}

/** The instant's Sydney wall clock written as if it were UTC (so getUTC* read the wall clock). */
function sydneyWallAsUtcMs(instant: Date): number {
  const ms = instant.getTime();
  return ms + sydneyOffsetMs(ms);
}

/** True for a real calendar date written as YYYY-MM-DD (2026-02-29 is not). */
export function isValidIsoDate(s: string): boolean {
  return typeof s === "string" && dateToUtcMs(s) !== null;
}

/** The Sydney calendar date an instant falls on. */
export function sydneyDateOf(instant: Date): string {
  if (!Number.isFinite(instant.getTime())) throw new RangeError("Invalid time value");
  return utcMsToDate(sydneyWallAsUtcMs(instant));
}

/** Today's date in Sydney; `now` is passed in so callers (and tests) control the clock. */
export function sydneyTodayDate(now: Date): string {
  return sydneyDateOf(now);
}

/** 0 = Sunday … 6 = Saturday, for a calendar date (no time zone involved). */
export function sydneyWeekday(date: string): number {
  return new Date(requireDate(date)).getUTCDay();
}

export function addDaysToDate(date: string, n: number): string {
  return utcMsToDate(requireDate(date) + n * MS_PER_DAY);
}

/** Whole calendar days from start to end (negative when end is earlier). */
export function daysBetween(start: string, end: string): number {
  return Math.round((requireDate(end) - requireDate(start)) / MS_PER_DAY);
}

/** Every date from start to end inclusive; empty when end is before start. */
export function eachDateInRange(start: string, end: string): string[] {
  const dates: string[] = [];
  const endMs = requireDate(end);
  for (let ms = requireDate(start); ms <= endMs; ms += MS_PER_DAY) dates.push(utcMsToDate(ms));
  return dates;
}

/** Minutes since Sydney midnight on the wall clock (the repeated DST-end hour gives the same values twice). */
export function sydneyMinutesOf(instant: Date): number {
  const wall = new Date(sydneyWallAsUtcMs(instant));
  return wall.getUTCHours() * 60 + wall.getUTCMinutes();
}

export function sydneyHourOf(instant: Date): number {
  return new Date(sydneyWallAsUtcMs(instant)).getUTCHours();
}

/** Every instant whose Sydney wall clock reads `wallAsUtcMs` (a wall time written as if it were UTC), earliest first. */
function instantsShowingWall(wallAsUtcMs: number): Date[] {
  const instants: Date[] = [];
  for (const offset of SYDNEY_OFFSETS_MINUTES) {
    const candidateMs = wallAsUtcMs - offset * MS_PER_MINUTE;
    if (sydneyOffsetMs(candidateMs) === offset * MS_PER_MINUTE) instants.push(new Date(candidateMs));
  }
  return instants;
}

/** Minutes from midnight of a time input's "HH:MM" (24-hour), or null when it is not one. */
export function clockMinutes(time: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * Every instant at which Sydney's wall clock shows `date` + `minutesFromMidnight`, earliest first. Each
 * possible offset is tried and kept only if converting back shows the same wall time: none survives
 * inside the DST-start gap (02:00–03:00 on the first Sunday of October → []), both survive in the
 * repeated DST-end hour (02:00–03:00 on the first Sunday of April: AEDT, then AEST). Minutes past 1440
 * roll into the next day.
 */
export function sydneyWallTimeInstants(date: string, minutesFromMidnight: number): Date[] {
  const dayMs = dateToUtcMs(date);
  if (dayMs === null || !Number.isInteger(minutesFromMidnight)) return [];
  const wallAsUtcMs = dayMs + minutesFromMidnight * MS_PER_MINUTE;
  if (!Number.isFinite(wallAsUtcMs)) return [];
  return instantsShowingWall(wallAsUtcMs);
}

/**
 * The instant at which Sydney's wall clock shows `date` + `minutesFromMidnight`: null inside the
 * DST-start gap, the earlier (AEDT) one in the repeated DST-end hour (sydneyWallTimeInstants gives both).
 */
export function sydneyWallTimeToInstant(date: string, minutesFromMidnight: number): Date | null {
  return sydneyWallTimeInstants(date, minutesFromMidnight)[0] ?? null;
}

/** True in the repeated DST-end hour, whose wall times Sydney shows twice (once AEDT, once AEST). */
export function isRepeatedSydneyWallTime(instant: Date): boolean {
  if (!Number.isFinite(instant.getTime())) return false;
  return instantsShowingWall(sydneyWallAsUtcMs(instant)).length > 1;
}

/**
 * The instant a Sydney date begins. Midnight always exists exactly once there (the DST changes happen at
 * 02:00/03:00), so this only throws for something that is not a real YYYY-MM-DD date.
 * [sydneyMidnight(d), sydneyMidnight(d + 1)) is the whole Sydney day: 23, 24 or 25 hours long.
 */
export function sydneyMidnight(date: string): Date {
  const instant = sydneyWallTimeToInstant(date, 0);
  if (!instant) throw new RangeError(`Not a valid YYYY-MM-DD date: ${date}`);
  return instant;
}

/** "2026-11-03" → "03/11/2026": a Sydney calendar date needs no time-zone conversion. */
export function formatIsoDate(date: string): string {
  const [year, month, day] = date.split("-");
  return year && month && day ? `${day}/${month}/${year}` : date;
}

/** "DD/MM/YYYY" in Sydney, as printed on invoices. */
export function formatSydneyDate(instant: Date): string {
  return format(instant, "dd/MM/yyyy", { in: inSydney });
}

/**
 * "9:00 am" style; date-fns instead of Intl so the output does not vary with the ICU version. A time in
 * the repeated DST-end hour names its zone ("2:00 am AEDT", "2:00 am AEST"): it happens twice that night.
 */
export function formatSydneyTime(instant: Date): string {
  const time = format(instant, "h:mm aaa", { in: inSydney });
  return isRepeatedSydneyWallTime(instant) ? `${time} ${sydneyZoneName(instant)}` : time;
}

/** "AEDT" or "AEST": Sydney's zone at that instant. */
export function sydneyZoneName(instant: Date): "AEDT" | "AEST" {
  return format(instant, "xxx", { in: inSydney }) === "+11:00" ? "AEDT" : "AEST";
}

/** "9:00 am", or "2:00 am AEST": the wall time with its zone named whatever the hour. */
function formatSydneyTimeWithZone(instant: Date): string {
  return `${format(instant, "h:mm aaa", { in: inSydney })} ${sydneyZoneName(instant)}`;
}

/**
 * "9:00 am – 10:00 am". A lesson across a daylight-saving change, or touching the repeated DST-end
 * hour, names each end's zone, because wall times alone lie there: 2:00 am AEDT – 2:00 am AEST is an
 * hour, "2:00 am – 2:00 am" reads as none, and "2:00 am – 3:00 am" could be either of two lessons.
 */
export function formatSydneyTimeRange(start: Date, end: Date): string {
  const zonesNamed =
    sydneyZoneName(start) !== sydneyZoneName(end) ||
    isRepeatedSydneyWallTime(start) ||
    isRepeatedSydneyWallTime(end);
  return zonesNamed
    ? `${formatSydneyTimeWithZone(start)} – ${formatSydneyTimeWithZone(end)}`
    : `${formatSydneyTime(start)} – ${formatSydneyTime(end)}`;
}

/**
 * Lesson starts on the hour for the wall-clock window [fromMinutes, toMinutes) of a Sydney date: hour h
 * qualifies when h*60 >= from and h*60 + 60 <= to. Hours that do not exist (DST start) are skipped; the
 * repeated DST-end hour is offered twice (AEDT, then AEST), so that 25-hour day has up to 25 starts.
 */
export function hourlyLessonStarts(date: string, fromMinutes: number, toMinutes: number): Date[] {
  const starts: Date[] = [];
  for (let hour = 0; hour < 24; hour++) {
    const start = hour * 60;
    if (start < fromMinutes || start + 60 > toMinutes) continue;
    starts.push(...sydneyWallTimeInstants(date, start));
  }
  return starts;
}

/**
 * An instructor's scheduling settings: one shape for the availability engine, the settings use case
 * and their API answer, named as the profile's columns. Their ranges are in constants.ts.
 */
import { DEFAULT_MIN_NOTICE_HOURS, DEFAULT_TRAVEL_BUFFER_MINUTES } from "../constants.ts";

export interface SchedulingSettings {
  /** Minutes kept free between lessons on top of the drive between their suburbs (rules/travel.ts). */
  travelBufferMinutes: number;
  /** Hours before a lesson it can still be booked (never less than the platform's lead time). */
  minNoticeHours: number;
  /** The most lessons (held or booked) starting on one Sydney date; null: no cap. */
  dailyLessonCap: number | null;
  /** Whether students can book them on NSW public holidays (closed by default). */
  teachesPublicHolidays: boolean;
}

export const SCHEDULING_FIELDS = [
  "travelBufferMinutes",
  "minNoticeHours",
  "dailyLessonCap",
  "teachesPublicHolidays",
] as const satisfies ReadonlyArray<keyof SchedulingSettings>;

/** A new instructor's settings (the columns' defaults). */
export const DEFAULT_SCHEDULING: SchedulingSettings = {
  travelBufferMinutes: DEFAULT_TRAVEL_BUFFER_MINUTES,
  minNoticeHours: DEFAULT_MIN_NOTICE_HOURS,
  dailyLessonCap: null,
  teachesPublicHolidays: false,
};

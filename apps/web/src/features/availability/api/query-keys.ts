import { scopeKeys } from "@/lib/query-keys";

/** Assessment answers (any case) order the list by recommendation score. */
export type GetInstructorsQuery = {
  suburb: string;
  experienceLevel?: string;
  licenseType?: string;
  language?: string;
};

/** Query of both availability calls. Pool-only without an instructor means auto-assigned pool slots. */
export type AvailabilityQuery = {
  suburb: string;
  startDate: string;
  endDate: string;
  instructorId?: string;
  poolHoursOnly?: boolean;
  /** 60, 90 or 120; only sent when not the standard 60, so the 60-minute requests stay as they were. */
  lessonMinutes?: number;
};

export type SlotsQuery = {
  suburb: string;
  /** The chosen Sydney day: sent as both startDate and endDate. */
  date: string;
  instructorId?: string;
  poolHoursOnly?: boolean;
  /** 60, 90 or 120 (see AvailabilityQuery). */
  lessonMinutes?: number;
};

export const availabilityKeys = {
  /** What a student can book (a suburb's instructors, a month's summary, a day's slots): a booking changes it. */
  all: ["availability"] as const,
  instructorLists: () => [...availabilityKeys.all, "instructors"] as const,
  instructors: (query: GetInstructorsQuery) => [...availabilityKeys.instructorLists(), query] as const,
  summaries: () => [...availabilityKeys.all, "summary"] as const,
  summary: (query: AvailabilityQuery) => [...availabilityKeys.summaries(), query] as const,
  slots: (query: SlotsQuery) => [...availabilityKeys.all, "slots", query] as const,
  /** The signed-in instructor's own hours, overrides and leave (with the lessons that clash with them). */
  ownHours: () => [...scopeKeys.instructor, "availability"] as const,
};

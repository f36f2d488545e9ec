import { scopeKeys } from "@/lib/query-keys";
import type { AvailabilityQuery } from "./get-availability-summary";
import type { GetInstructorsQuery } from "./get-instructors";
import type { SlotsQuery } from "./get-slots";

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

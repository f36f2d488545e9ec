/**
 * Where the availability engine gets its inputs: straight from the database (the reference, used
 * inside booking transactions) or from the per-process cache (schedule-cache.ts). Both give the
 * engine the same eligible instructors and the same schedules, so both give the same answers; the
 * property test in availability-cache.property.integration.test.ts holds them to it.
 */

import { TRAVEL_BUFFER_MAX_MINUTES } from "@kerb/shared";
import { addDaysToDate, lastTeachingDate, MAX_TRAVEL_MINUTES, sydneyMidnight } from "@kerb/shared/rules";
import type { Executor } from "../../db/client.ts";
import { groupBy } from "../../lib/group-by.ts";
import * as repo from "./availability.repository.ts";
import {
  BusyIndex,
  type BusyPeriod,
  combineBusy,
  type DateException,
  type InstructorSchedule,
} from "./slot-generator.ts";

interface InstructorFilter {
  /** Sydney date deciding who may still teach (licence and WWC expiry). */
  today: string;
  suburb: string;
  instructorId?: string;
  instructorIds?: readonly string[];
}

interface ScheduleRange {
  /** Sydney dates, inclusive. */
  firstDate: string;
  endDate: string;
  now: Date;
  /** A lesson being moved: it does not stand in its own way. */
  excludeBookingId?: string;
}

interface LoadedSchedules {
  /** The suburb's listable instructors (optionally only some), in listing order. */
  instructors: repo.SlotInstructor[];
  /** Working hours, exceptions and taken periods over the range, at `now`, of those who can offer any. */
  schedules: Map<string, InstructorSchedule>;
}

export interface ScheduleSource {
  /** The eligible instructors and their schedules; `poolHoursOnly` lets a source skip the others'. */
  load(
    filter: InstructorFilter,
    range: ScheduleRange,
    options: { poolHoursOnly?: boolean },
  ): Promise<LoadedSchedules>;
}

export type DatedException = DateException & { instructorId: string };

/**
 * How far around the range taken periods matter: a lesson just before the first day or just after the
 * last can be too far away to drive from or to (the longest drive plus the largest buffer).
 */
export const TRAVEL_REACH_MS = (MAX_TRAVEL_MINUTES + TRAVEL_BUFFER_MAX_MINUTES) * 60_000;

// The whole of each day is read, not only from `now`: lessons taught earlier today count towards the
// daily cap, and one that ends just before a candidate decides whether it can be reached.
const scheduleWindow = ({
  firstDate,
  endDate,
  now,
  excludeBookingId,
}: ScheduleRange): repo.ScheduleWindow => ({
  startDate: firstDate,
  endDate,
  from: new Date(sydneyMidnight(firstDate).getTime() - TRAVEL_REACH_MS),
  to: new Date(sydneyMidnight(addDaysToDate(endDate, 1)).getTime() + TRAVEL_REACH_MS),
  now,
  ...(excludeBookingId ? { excludeBookingId } : {}),
});

function toSchedule(instructor: repo.SlotInstructor, rows: repo.InstructorScheduleRows): InstructorSchedule {
  return {
    weeklyRules: rows.rules,
    exceptionsByDate: groupBy(rows.exceptions, (e) => e.date),
    busy: new BusyIndex(rows.busy),
    // Past either expiry date the instructor may not teach, so those dates offer nothing.
    lastDate: lastTeachingDate(instructor),
    // A listed instructor carries their scheduling settings, named as rules/scheduling.ts names them.
    settings: instructor,
  };
}

/**
 * The reference: read per call, nothing remembered, the instructors and their schedules in one
 * statement. Takes a transaction as well as the pool.
 */
export function databaseSchedules(db: Executor): ScheduleSource {
  return {
    async load(filter, range) {
      const rows = await repo.listSlotInstructorsWithSchedules(db, filter, scheduleWindow(range));
      return {
        instructors: rows.map((r) => r.instructor),
        schedules: new Map(rows.map((r) => [r.instructor.id, toSchedule(r.instructor, r.schedule)])),
      };
    },
  };
}

/** A lesson a booking has placed but not yet written, by instructor. */
export interface PlacedLesson {
  instructorId: string;
  period: BusyPeriod;
}

/**
 * For placing several lessons in one booking: `inner`'s schedules read once over the booking's whole
 * `range` (whatever range a later call names), with every lesson already placed in `placed` counted as
 * taken, so the next one respects its travel, buffer and the daily cap too.
 */
export function withPlacedLessons(
  inner: ScheduleSource,
  range: ScheduleRange,
  placed: readonly PlacedLesson[],
): ScheduleSource {
  let first: Promise<LoadedSchedules> | undefined;
  return {
    async load(filter, _range, options) {
      first ??= inner.load(filter, range, options);
      const { instructors, schedules } = await first;
      if (placed.length === 0) return { instructors, schedules };
      const withPlaced = new Map<string, InstructorSchedule>();
      for (const [id, schedule] of schedules) {
        const mine = placed.filter((p) => p.instructorId === id).map((p) => p.period);
        withPlaced.set(
          id,
          mine.length === 0
            ? schedule
            : { ...schedule, busy: combineBusy([schedule.busy, new BusyIndex(mine)]) },
        );
      }
      return { instructors, schedules: withPlaced };
    },
  };
}

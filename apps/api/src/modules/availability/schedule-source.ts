/**
 * Where the availability engine gets its inputs: straight from the database (the reference, used
 * inside booking transactions) or from the per-process cache (schedule-cache.ts). Both give the
 * engine the same eligible instructors and the same schedules, so both give the same answers; the
 * property test in availability-cache.property.integration.test.ts holds them to it.
 */
import { addDaysToDate, lastTeachingDate, sydneyMidnight } from "@kerb/shared/rules";
import type { Executor } from "../../db/client.ts";
import { groupBy } from "../../lib/group-by.ts";
import * as repo from "./availability.repository.ts";
import { BusyIndex, type DateException, type InstructorSchedule } from "./slot-generator.ts";

export interface InstructorFilter {
  /** Sydney date deciding who may still teach (licence and WWC expiry). */
  today: string;
  suburb: string;
  instructorId?: string;
  instructorIds?: readonly string[];
}

export interface ScheduleRange {
  /** Sydney dates, inclusive. */
  firstDate: string;
  endDate: string;
  now: Date;
}

export interface LoadedSchedules {
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

const scheduleWindow = ({ firstDate, endDate, now }: ScheduleRange): repo.ScheduleWindow => ({
  startDate: firstDate,
  endDate,
  from: new Date(Math.max(sydneyMidnight(firstDate).getTime(), now.getTime())),
  to: sydneyMidnight(addDaysToDate(endDate, 1)),
  now,
});

function toSchedule(instructor: repo.SlotInstructor, rows: repo.InstructorScheduleRows): InstructorSchedule {
  return {
    weeklyRules: rows.rules,
    exceptionsByDate: groupBy(rows.exceptions, (e) => e.date),
    busy: new BusyIndex(rows.busy),
    // Past either expiry date the instructor may not teach, so those dates offer nothing.
    lastDate: lastTeachingDate(instructor),
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

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

export interface ScheduleSource {
  /** The suburb's listable instructors (optionally only one), in listing order. */
  instructors(filter: InstructorFilter): Promise<repo.SlotInstructor[]>;
  /** Each candidate's working hours, exceptions and taken periods over the range, at `now`. */
  schedules(
    candidates: readonly repo.SlotInstructor[],
    range: ScheduleRange,
  ): Promise<Map<string, InstructorSchedule>>;
}

export type DatedException = DateException & { instructorId: string };

/**
 * The reference: two queries per call (the instructors, then their schedules), nothing remembered.
 * Takes a transaction as well as the pool.
 */
export function databaseSchedules(db: Executor): ScheduleSource {
  return {
    instructors: (filter) => repo.listSlotInstructors(db, filter),
    async schedules(candidates, { firstDate, endDate, now }) {
      const ids = candidates.map((i) => i.id);
      const from = new Date(Math.max(sydneyMidnight(firstDate).getTime(), now.getTime()));
      const to = sydneyMidnight(addDaysToDate(endDate, 1));
      const rows = await repo.listSchedules(db, ids, { startDate: firstDate, endDate, from, to, now });
      const byId = new Map(rows.map((r) => [r.instructorId, r]));
      return new Map(
        candidates.map((instructor) => [
          instructor.id,
          {
            weeklyRules: byId.get(instructor.id)?.rules ?? [],
            exceptionsByDate: groupBy(byId.get(instructor.id)?.exceptions ?? [], (e) => e.date),
            busy: new BusyIndex(byId.get(instructor.id)?.busy ?? []),
            // Past either expiry date the instructor may not teach, so those dates offer nothing.
            lastDate: lastTeachingDate(instructor),
          },
        ]),
      );
    },
  };
}

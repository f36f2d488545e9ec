import type { AvailabilitySummary, availabilityQuery, Slot } from "@kerb/shared";
import {
  centsToDollars,
  choosePoolInstructor,
  eachDateInRange,
  fullName,
  type PoolCandidate,
  sydneyTodayDate,
} from "@kerb/shared/rules";
import type { z } from "zod";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./availability.repository.ts";
import { askedMinutes, type OpenSlotVisitor, scanOpenSlots } from "./open-slots.ts";
import type { ScheduleSource } from "./schedule-source.ts";

type AvailabilityQuery = z.output<typeof availabilityQuery>;

const AUTO_ASSIGNED_POOL_NAME = "Auto-assigned pool instructor";

/**
 * How the open slots are offered to a student. Pool-only searches without an instructor are offered
 * once per start time, priced as the shared auto-assignment rule (choosePoolInstructor: cheapest free
 * pool instructor, then higher rating, then id) will assign it at booking. Everything else is offered
 * per (instructor, start). The summary counts exactly the entries this produces, so it always agrees
 * with /slots.
 */
function isAutoAssignedPool(query: { poolHoursOnly?: boolean; instructorId?: string }): boolean {
  return Boolean(query.poolHoursOnly) && !query.instructorId;
}

type Scan = (visit: OpenSlotVisitor) => Promise<void>;
export type AnswerKind = "summary" | "slots";

/**
 * The summary or the slots of a query at `now`, from `source`: the cache for the HTTP answers,
 * databaseSchedules for the reference they are tested against. An instructorId that yields no eligible
 * instructor is explained with one more query (not_found or instructor_not_in_suburb).
 */
export async function computeAvailability(
  db: Executor,
  source: ScheduleSource,
  kind: AnswerKind,
  query: AvailabilityQuery & { now: Date },
): Promise<AvailabilitySummary | Slot[]> {
  const { suburb, instructorId, now } = query;
  const scan: Scan = async (visit) => {
    const instructors = await scanOpenSlots(source, query, visit);
    if (instructorId && instructors.length === 0) {
      const [elsewhere] = await repo.listEligibleInstructors(db, {
        today: sydneyTodayDate(now),
        instructorId,
      });
      if (!elsewhere) throw new AppError("not_found", "Instructor not found");
      throw new AppError("instructor_not_in_suburb", `This instructor does not teach in ${suburb}`, {
        suburbs: elsewhere.suburbs,
      });
    }
  };
  return kind === "summary" ? summarise(query, scan) : offerSlots(query, scan);
}

async function summarise(query: AvailabilityQuery, scan: Scan): Promise<AvailabilitySummary> {
  // At most MAX_RANGE_DAYS entries (the schema's limit); the horizon has been checked.
  const summary: AvailabilitySummary = {};
  for (const date of eachDateInRange(query.startDate, query.endDate)) {
    summary[date] = { hasAvailability: false, poolHours: 0, standardHours: 0, totalSlots: 0 };
  }
  const count = (date: string, isPoolHours: boolean) => {
    const day = summary[date];
    if (!day) return;
    if (isPoolHours) day.poolHours++;
    else day.standardHours++;
    day.totalSlots++;
    day.hasAvailability = true;
  };
  if (isAutoAssignedPool(query)) {
    // One offered slot per distinct start time.
    const starts = new Set<number>();
    await scan((_instructor, date, start) => {
      if (starts.has(start.getTime())) return;
      starts.add(start.getTime());
      count(date, true);
    });
  } else {
    await scan((_instructor, date, _start, isPoolHours) => count(date, isPoolHours));
  }
  return summary;
}

async function offerSlots(query: AvailabilityQuery, scan: Scan): Promise<Slot[]> {
  const offered: OfferedSlot[] = [];
  if (isAutoAssignedPool(query)) {
    // The instructor auto-assignment would pick at each start; the slot is offered at their price.
    const assigned = new Map<number, PoolCandidate & { start: Date }>();
    await scan((instructor, _date, start, _isPoolHours, priceCents) => {
      const candidate = { instructorId: instructor.id, priceCents, rating: instructor.rating, start };
      const current = assigned.get(start.getTime());
      const chosen = current ? choosePoolInstructor([current, candidate]) : candidate;
      if (chosen) assigned.set(start.getTime(), chosen);
    });
    for (const { start, priceCents } of assigned.values()) {
      offered.push({
        start,
        instructorId: null,
        instructorName: AUTO_ASSIGNED_POOL_NAME,
        priceCents,
        isPoolHours: true,
      });
    }
  } else {
    await scan((instructor, _date, start, isPoolHours, priceCents) => {
      offered.push({
        start,
        instructorId: instructor.id,
        instructorName: fullName(instructor),
        priceCents,
        isPoolHours,
      });
    });
  }
  const lessonMs = askedMinutes(query) * 60_000;
  return offered.sort(compareOfferedSlots).map((slot) => ({
    startTime: slot.start.toISOString(),
    endTime: new Date(slot.start.getTime() + lessonMs).toISOString(),
    instructorId: slot.instructorId,
    instructorName: slot.instructorName,
    price: centsToDollars(slot.priceCents),
    isPoolHours: slot.isPoolHours,
  }));
}

/** A slot as the student is offered it. */
interface OfferedSlot {
  start: Date;
  instructorId: string | null;
  instructorName: string;
  priceCents: number;
  isPoolHours: boolean;
}

function compareOfferedSlots(a: OfferedSlot, b: OfferedSlot): number {
  return (
    a.start.getTime() - b.start.getTime() ||
    a.priceCents - b.priceCents ||
    a.instructorName.localeCompare(b.instructorName) ||
    (a.instructorId ?? "").localeCompare(b.instructorId ?? "")
  );
}

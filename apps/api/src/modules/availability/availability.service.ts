import type {
  AvailabilitySummary,
  availabilityQuery,
  InstructorListing,
  instructorsQuery,
  Slot,
  Suburb,
} from "@kerb/shared";
import {
  addDaysToDate,
  bookingHorizon,
  bookingHorizonMessage,
  centsToDollars,
  choosePoolInstructor,
  comparePoolCandidates,
  eachDateInRange,
  isWithinBookingHorizon,
  lastTeachingDate,
  lessonPriceCents,
  type PoolCandidate,
  poolRateCents,
  rankInstructors,
  sydneyMidnight,
  sydneyTodayDate,
} from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./availability.repository.ts";
import {
  BusyIndex,
  cachedIsPoolHourStart,
  calendarDays,
  type DateException,
  forEachOpenLessonStart,
  LESSON_MS,
} from "./slot-generator.ts";

type InstructorsQuery = z.output<typeof instructorsQuery>;
type AvailabilityQuery = z.output<typeof availabilityQuery>;

/** One bookable lesson of one instructor. */
export interface OpenSlot {
  instructorId: string;
  instructorName: string;
  start: Date;
  end: Date;
  isPoolHours: boolean;
  priceCents: number;
  standardRateCents: number;
  rating: number | null;
}

export interface OpenSlotsQuery {
  suburb: Suburb;
  /** Sydney dates YYYY-MM-DD, inclusive. */
  startDate: string;
  endDate: string;
  instructorId?: string;
  poolHoursOnly?: boolean;
  now: Date;
}

export const AUTO_ASSIGNED_POOL_NAME = "Auto-assigned pool instructor";

/**
 * Both dates inside the booking horizon at `now` (rules/booking-window.ts): today (Sydney) to 30 days
 * ahead. Else a 400 validation_error naming the horizon, before any query runs: a range years ahead
 * would otherwise scan the suburb's whole calendar (inside the caller's transaction, for a booking).
 */
export function assertWithinBookingHorizon(startDate: string, endDate: string, now: Date): void {
  const horizon = bookingHorizon(now);
  const message = bookingHorizonMessage(horizon);
  const outside = [
    { path: "startDate", date: startDate },
    { path: "endDate", date: endDate },
  ].filter(({ date }) => !isWithinBookingHorizon(date, now));
  if (outside.length > 0) {
    throw new AppError(
      "validation_error",
      message,
      outside.map(({ path }) => ({ path, message })),
    );
  }
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** Receives every open (instructor, start) the engine finds, in time order per instructor. */
type OpenSlotVisitor = (
  instructor: repo.SlotInstructor,
  date: string,
  start: Date,
  isPoolHours: boolean,
  priceCents: number,
) => void;

/**
 * The engine. At most four queries whatever the number of instructors, days or bookings: eligible
 * instructors, their weekly rules, their exceptions in the range, their busy periods in the range;
 * the rest is computed in memory. Returns the eligible instructors so the HTTP layer can tell "no
 * slots" from "no such instructor here".
 */
async function scanOpenSlots(
  db: Executor,
  q: OpenSlotsQuery,
  visit: OpenSlotVisitor,
): Promise<repo.SlotInstructor[]> {
  assertWithinBookingHorizon(q.startDate, q.endDate, q.now);
  const instructors = await repo.listSlotInstructors(db, {
    today: sydneyTodayDate(q.now),
    suburb: q.suburb,
    instructorId: q.instructorId,
  });
  const firstDate = q.startDate;
  // Instructors outside the pool can contribute nothing to a pool-only search.
  const candidates = q.poolHoursOnly ? instructors.filter((i) => i.poolOptIn) : instructors;
  if (candidates.length === 0 || firstDate > q.endDate) return instructors;

  const ids = candidates.map((i) => i.id);
  const from = new Date(Math.max(sydneyMidnight(firstDate).getTime(), q.now.getTime()));
  const to = sydneyMidnight(addDaysToDate(q.endDate, 1));
  // One after another: `db` may be a transaction, whose single connection must not run queries in parallel.
  const rules = await repo.listWeeklyRules(db, ids);
  const exceptions = await repo.listExceptions(db, ids, firstDate, q.endDate);
  const busy = await repo.listBusyPeriods(db, ids, from, to, q.now);
  const rulesBy = new Map(rules.map((r) => [r.instructorId, r.rules]));
  const exceptionsBy = groupBy<DateException & { instructorId: string }>(exceptions, (e) => e.instructorId);
  const busyBy = new Map(busy.map((b) => [b.instructorId, b.periods]));
  const days = calendarDays(firstDate, q.endDate);

  for (const instructor of candidates) {
    const schedule = {
      weeklyRules: rulesBy.get(instructor.id) ?? [],
      exceptionsByDate: groupBy(exceptionsBy.get(instructor.id) ?? [], (e) => e.date),
      busy: new BusyIndex(busyBy.get(instructor.id) ?? []),
      // Past either expiry date the instructor may not teach, so those dates offer nothing.
      lastDate: lastTeachingDate(instructor),
    };
    const { poolOptIn, standardRateCents } = instructor;
    const poolPriceCents = lessonPriceCents({ standardRateCents, isPoolHours: true });
    forEachOpenLessonStart(schedule, days, q.now, (date, start) => {
      const isPoolHours = poolOptIn && cachedIsPoolHourStart(start);
      if (q.poolHoursOnly && !isPoolHours) return;
      visit(instructor, date, start, isPoolHours, isPoolHours ? poolPriceCents : standardRateCents);
    });
  }
  return instructors;
}

/** By start, then in auto-assignment preference: the first pool slot of a start is the one assigned. */
function compareOpenSlots(a: OpenSlot, b: OpenSlot): number {
  return a.start.getTime() - b.start.getTime() || comparePoolCandidates(a, b);
}

const fullName = (i: { firstName: string; lastName: string }) => `${i.firstName} ${i.lastName}`;

/**
 * Every open lesson of the suburb's eligible instructors in [startDate, endDate] (Sydney dates), one
 * per (instructor, start), sorted by start then by the shared auto-assignment preference (price, higher
 * rating, id). Takes an Executor so the booking service can call it inside its transaction. Both dates
 * must lie inside the booking horizon (else AppError validation_error, before any query). An
 * instructorId that is not eligible in the suburb simply yields no slots.
 */
export async function findOpenSlots(db: Executor, q: OpenSlotsQuery): Promise<OpenSlot[]> {
  const slots: OpenSlot[] = [];
  await scanOpenSlots(db, q, (instructor, _date, start, isPoolHours, priceCents) => {
    slots.push({
      instructorId: instructor.id,
      instructorName: fullName(instructor),
      start,
      end: new Date(start.getTime() + LESSON_MS),
      isPoolHours,
      priceCents,
      standardRateCents: instructor.standardRateCents,
      rating: instructor.rating,
    });
  });
  return slots.sort(compareOpenSlots);
}

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

export function createAvailabilityService(ctx: AppContext) {
  /**
   * Runs the engine on a schema-checked query. An instructorId that yields no eligible instructor is
   * explained with one more query (not_found or instructor_not_in_suburb), only on that error path.
   */
  async function scan(query: AvailabilityQuery, visit: OpenSlotVisitor): Promise<void> {
    // The schema has checked the suburb (canonical spelling) and the dates (real, in order, at most
    // MAX_RANGE_DAYS); the engine checks the booking horizon against the clock.
    const { suburb } = query;
    const now = ctx.now();
    const instructors = await scanOpenSlots(
      ctx.db,
      {
        suburb,
        startDate: query.startDate,
        endDate: query.endDate,
        instructorId: query.instructorId,
        poolHoursOnly: query.poolHoursOnly,
        now,
      },
      visit,
    );
    if (query.instructorId && instructors.length === 0) {
      const [elsewhere] = await repo.listEligibleInstructors(ctx.db, {
        today: sydneyTodayDate(now),
        instructorId: query.instructorId,
      });
      if (!elsewhere) throw new AppError("not_found", "Instructor not found");
      throw new AppError("instructor_not_in_suburb", `This instructor does not teach in ${suburb}`, {
        suburbs: elsewhere.suburbs,
      });
    }
  }

  return {
    async listInstructors(query: InstructorsQuery): Promise<InstructorListing[]> {
      const rows = await repo.listEligibleInstructors(ctx.db, {
        today: sydneyTodayDate(ctx.now()),
        suburb: query.suburb,
      });
      const listings = rows.map(
        ({ standardRateCents, ...row }): InstructorListing => ({
          ...row,
          standardRate: centsToDollars(standardRateCents),
          poolRate: centsToDollars(row.poolOptIn ? poolRateCents(standardRateCents) : standardRateCents),
        }),
      );
      const { experienceLevel, licenseType, language } = query;
      if (!experienceLevel && !licenseType && !language) return listings;
      return rankInstructors(listings, { experienceLevel, licenseType, language });
    },

    async getAvailabilitySummary(query: AvailabilityQuery): Promise<AvailabilitySummary> {
      // At most MAX_RANGE_DAYS entries (the schema's limit); scan() then refuses dates outside the horizon.
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
        await scan(query, (_instructor, date, start) => {
          if (starts.has(start.getTime())) return;
          starts.add(start.getTime());
          count(date, true);
        });
      } else {
        await scan(query, (_instructor, date, _start, isPoolHours) => count(date, isPoolHours));
      }
      return summary;
    },

    async listSlots(query: AvailabilityQuery): Promise<Slot[]> {
      const offered: OfferedSlot[] = [];
      if (isAutoAssignedPool(query)) {
        // The instructor auto-assignment would pick at each start; the slot is offered at their price.
        const assigned = new Map<number, PoolCandidate & { start: Date }>();
        await scan(query, (instructor, _date, start, _isPoolHours, priceCents) => {
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
        await scan(query, (instructor, _date, start, isPoolHours, priceCents) => {
          offered.push({
            start,
            instructorId: instructor.id,
            instructorName: fullName(instructor),
            priceCents,
            isPoolHours,
          });
        });
      }
      return offered.sort(compareOfferedSlots).map((slot) => ({
        startTime: slot.start.toISOString(),
        endTime: new Date(slot.start.getTime() + LESSON_MS).toISOString(),
        instructorId: slot.instructorId,
        instructorName: slot.instructorName,
        price: centsToDollars(slot.priceCents),
        isPoolHours: slot.isPoolHours,
      }));
    },
  };
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

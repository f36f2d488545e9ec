import {
  type AvailabilitySummary,
  type availabilityQuery,
  type InstructorListing,
  type instructorsQuery,
  MAX_RANGE_DAYS,
  type Slot,
  SUBURBS,
  type Suburb,
} from "@kerb/shared";
import {
  addDaysToDate,
  centsToDollars,
  daysBetween,
  eachDateInRange,
  isValidIsoDate,
  lessonPriceCents,
  poolRateCents,
  rankInstructors,
  sydneyTodayDate,
  sydneyWallTimeToInstant,
} from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./availability.repository.ts";
import {
  type BusyPeriod,
  BusyIndex,
  cachedIsPoolHourStart,
  type DateException,
  LESSON_MS,
  openLessonStarts,
  type WeeklyRule,
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

/** The canonical spelling of a suburb given in any case; unknown names are a 400 listing the valid ones. */
export function resolveSuburb(input: string): Suburb {
  const wanted = input.trim().toLowerCase();
  const suburb = SUBURBS.find((s) => s.toLowerCase() === wanted);
  if (!suburb) {
    throw new AppError("invalid_suburb", `We do not serve "${input.trim()}" yet`, { validSuburbs: SUBURBS });
  }
  return suburb;
}

function assertRealDates(startDate: string, endDate: string) {
  if (!isValidIsoDate(startDate) || !isValidIsoDate(endDate)) {
    throw new AppError("invalid_range", "Dates must be real calendar dates (YYYY-MM-DD)", {
      startDate,
      endDate,
    });
  }
  if (endDate < startDate) {
    throw new AppError("invalid_range", "The end date must not be before the start date", {
      startDate,
      endDate,
    });
  }
}

/** What the two availability endpoints accept: real dates, in order, at most MAX_RANGE_DAYS of them. */
export function assertDateRange(startDate: string, endDate: string) {
  assertRealDates(startDate, endDate);
  if (daysBetween(startDate, endDate) + 1 > MAX_RANGE_DAYS) {
    throw new AppError("invalid_range", `A date range can cover at most ${MAX_RANGE_DAYS} days`, {
      startDate,
      endDate,
      maxDays: MAX_RANGE_DAYS,
    });
  }
}

function sydneyMidnight(date: string): Date {
  // Sydney's DST changes happen at 02:00/03:00, so midnight always exists exactly once.
  const instant = sydneyWallTimeToInstant(date, 0);
  if (!instant) throw new RangeError(`No Sydney midnight on ${date}`);
  return instant;
}

function earliest(dates: Array<string | null>): string | null {
  let min: string | null = null;
  for (const d of dates) if (d !== null && (min === null || d < min)) min = d;
  return min;
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

type DatedOpenSlot = OpenSlot & { date: string };

/**
 * The engine. Always at most four queries, whatever the number of instructors, days or bookings:
 * eligible instructors, their weekly rules, their exceptions in the range, their busy periods in the
 * range; everything else is computed in memory. The instructors are returned too so the HTTP layer
 * can tell "no slots" from "no such instructor here".
 */
async function loadOpenSlots(db: Executor, q: OpenSlotsQuery) {
  assertRealDates(q.startDate, q.endDate);
  const today = sydneyTodayDate(q.now);
  const instructors = await repo.listEligibleInstructors(db, {
    today,
    suburb: q.suburb,
    instructorId: q.instructorId,
  });
  const firstDate = q.startDate > today ? q.startDate : today;
  // Instructors outside the pool can contribute nothing to a pool-only search.
  const candidates = q.poolHoursOnly ? instructors.filter((i) => i.poolOptIn) : instructors;
  if (candidates.length === 0 || firstDate > q.endDate) return { instructors, slots: [] };

  const ids = candidates.map((i) => i.id);
  const from = new Date(Math.max(sydneyMidnight(firstDate).getTime(), q.now.getTime()));
  const to = sydneyMidnight(addDaysToDate(q.endDate, 1));
  const [rules, exceptions, busy] = await Promise.all([
    repo.listWeeklyRules(db, ids),
    repo.listExceptions(db, ids, firstDate, q.endDate),
    repo.listBusyPeriods(db, ids, from, to, q.now),
  ]);
  const rulesBy = groupBy<WeeklyRule & { instructorId: string }>(rules, (r) => r.instructorId);
  const exceptionsBy = groupBy<DateException & { instructorId: string }>(exceptions, (e) => e.instructorId);
  const busyBy = groupBy<BusyPeriod & { instructorId: string }>(busy, (b) => b.instructorId);
  const dates = eachDateInRange(firstDate, q.endDate);

  const slots: DatedOpenSlot[] = [];
  for (const instructor of candidates) {
    const schedule = {
      weeklyRules: rulesBy.get(instructor.id) ?? [],
      exceptionsByDate: groupBy(exceptionsBy.get(instructor.id) ?? [], (e) => e.date),
      busy: new BusyIndex(busyBy.get(instructor.id) ?? []),
      // Past either expiry date the instructor may not teach, so those dates offer nothing.
      lastDate: earliest([instructor.licenseExpiresOn, instructor.wwcExpiresOn]),
    };
    const instructorName = `${instructor.firstName} ${instructor.lastName}`;
    for (const { date, start } of openLessonStarts(schedule, dates, q.now)) {
      const isPoolHours = instructor.poolOptIn && cachedIsPoolHourStart(start);
      if (q.poolHoursOnly && !isPoolHours) continue;
      slots.push({
        date,
        instructorId: instructor.id,
        instructorName,
        start,
        end: new Date(start.getTime() + LESSON_MS),
        isPoolHours,
        priceCents: lessonPriceCents({ standardRateCents: instructor.standardRateCents, isPoolHours }),
        standardRateCents: instructor.standardRateCents,
        rating: instructor.rating,
      });
    }
  }
  return { instructors, slots };
}

function compareOpenSlots(a: OpenSlot, b: OpenSlot): number {
  return (
    a.start.getTime() - b.start.getTime() ||
    a.priceCents - b.priceCents ||
    (b.rating ?? -1) - (a.rating ?? -1) ||
    (a.instructorId < b.instructorId ? -1 : a.instructorId > b.instructorId ? 1 : 0)
  );
}

/**
 * Every open lesson of the suburb's eligible instructors in [startDate, endDate] (Sydney dates), one
 * per (instructor, start), sorted by start then price (then higher rating). Takes an Executor so the
 * booking service can call it inside its transaction. Dates must be real and in order (else AppError
 * invalid_range); the MAX_RANGE_DAYS limit is the HTTP layer's. An instructorId that is not eligible
 * in the suburb simply yields no slots.
 */
export async function findOpenSlots(db: Executor, q: OpenSlotsQuery): Promise<OpenSlot[]> {
  const { slots } = await loadOpenSlots(db, q);
  return slots.sort(compareOpenSlots).map(({ date: _date, ...slot }) => slot);
}

/** A slot as the student is offered it: per instructor, or per start time for auto-assigned pool lessons. */
interface OfferedSlot {
  date: string;
  start: Date;
  end: Date;
  instructorId: string | null;
  instructorName: string;
  priceCents: number;
  isPoolHours: boolean;
}

/**
 * Pool-only searches without an instructor are offered per start time: the booking service assigns the
 * cheapest free pool instructor, so the lowest pool price at that start is the price shown.
 */
function offerSlots(open: DatedOpenSlot[], autoAssignPool: boolean): OfferedSlot[] {
  if (!autoAssignPool) return open;
  const byStart = new Map<number, OfferedSlot>();
  for (const slot of open) {
    const key = slot.start.getTime();
    const offered = byStart.get(key);
    if (!offered) {
      byStart.set(key, {
        date: slot.date,
        start: slot.start,
        end: slot.end,
        instructorId: null,
        instructorName: AUTO_ASSIGNED_POOL_NAME,
        priceCents: slot.priceCents,
        isPoolHours: true,
      });
    } else if (slot.priceCents < offered.priceCents) {
      offered.priceCents = slot.priceCents;
    }
  }
  return [...byStart.values()];
}

function compareOfferedSlots(a: OfferedSlot, b: OfferedSlot): number {
  return (
    a.start.getTime() - b.start.getTime() ||
    a.priceCents - b.priceCents ||
    a.instructorName.localeCompare(b.instructorName) ||
    (a.instructorId ?? "").localeCompare(b.instructorId ?? "")
  );
}

export function createAvailabilityService(ctx: AppContext) {
  /** The slots both endpoints describe, so the summary's counts always equal what /slots lists. */
  async function offeredSlots(query: AvailabilityQuery): Promise<OfferedSlot[]> {
    const suburb = resolveSuburb(query.suburb);
    assertDateRange(query.startDate, query.endDate);
    const now = ctx.now();
    const { instructors, slots } = await loadOpenSlots(ctx.db, {
      suburb,
      startDate: query.startDate,
      endDate: query.endDate,
      instructorId: query.instructorId,
      poolHoursOnly: query.poolHoursOnly,
      now,
    });
    if (query.instructorId && instructors.length === 0) {
      await explainUnavailableInstructor(query.instructorId, suburb, sydneyTodayDate(now));
    }
    return offerSlots(slots, Boolean(query.poolHoursOnly) && !query.instructorId);
  }

  /** Only reached on the error path: one more query to say which of the two problems it is. */
  async function explainUnavailableInstructor(instructorId: string, suburb: Suburb, today: string) {
    const [elsewhere] = await repo.listEligibleInstructors(ctx.db, { today, instructorId });
    if (!elsewhere) throw new AppError("not_found", "Instructor not found");
    throw new AppError("instructor_not_in_suburb", `This instructor does not teach in ${suburb}`, {
      suburbs: elsewhere.suburbs,
    });
  }

  return {
    async listInstructors(query: InstructorsQuery): Promise<InstructorListing[]> {
      const suburb = resolveSuburb(query.suburb);
      const rows = await repo.listEligibleInstructors(ctx.db, { today: sydneyTodayDate(ctx.now()), suburb });
      const listings = rows.map(
        ({ standardRateCents, licenseExpiresOn: _l, wwcExpiresOn: _w, ...row }): InstructorListing => ({
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
      const offered = await offeredSlots(query);
      const summary: AvailabilitySummary = {};
      for (const date of eachDateInRange(query.startDate, query.endDate)) {
        summary[date] = { hasAvailability: false, poolHours: 0, standardHours: 0, totalSlots: 0 };
      }
      for (const slot of offered) {
        const day = summary[slot.date];
        if (!day) continue;
        if (slot.isPoolHours) day.poolHours++;
        else day.standardHours++;
        day.totalSlots++;
        day.hasAvailability = true;
      }
      return summary;
    },

    async listSlots(query: AvailabilityQuery): Promise<Slot[]> {
      const offered = await offeredSlots(query);
      return offered.sort(compareOfferedSlots).map((slot) => ({
        startTime: slot.start.toISOString(),
        endTime: slot.end.toISOString(),
        instructorId: slot.instructorId,
        instructorName: slot.instructorName,
        price: centsToDollars(slot.priceCents),
        isPoolHours: slot.isPoolHours,
      }));
    },
  };
}

import {
  type AvailabilitySummary,
  type availabilityQuery,
  type InstructorListing,
  type instructorsQuery,
  LESSON_MINUTES,
  type Slot,
  SUBURBS,
  type Suburb,
} from "@kerb/shared";
import {
  bookingHorizon,
  bookingHorizonMessage,
  centsToDollars,
  choosePoolInstructor,
  comparePoolCandidates,
  eachDateInRange,
  isWithinBookingHorizon,
  lessonPriceCents,
  normaliseLessonLengths,
  type PoolCandidate,
  poolRateCents,
  rankInstructors,
  sydneyTodayDate,
} from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./availability.repository.ts";
import { createResponseCache } from "./response-cache.ts";
import { createScheduleCache } from "./schedule-cache.ts";
import { databaseSchedules, type ScheduleSource } from "./schedule-source.ts";
import { cachedIsPoolHourStart, calendarDays, forEachOpenLessonStart } from "./slot-generator.ts";

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
  /** Only these instructors: a booking that names every instructor reads no one else's calendar. */
  instructorIds?: readonly string[];
  poolHoursOnly?: boolean;
  now: Date;
  /** A lesson being moved: it does not stand in its own way. */
  excludeBookingId?: string;
  /** How long each lesson is (LESSON_LENGTHS); 60 minutes when absent. */
  lessonMinutes?: number;
}

/** The length a query asks for: the standard lesson unless it names another. */
const askedMinutes = (q: { lessonMinutes?: number | undefined }) => q.lessonMinutes ?? LESSON_MINUTES;

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

/** Receives every open (instructor, start) the engine finds, in time order per instructor. */
type OpenSlotVisitor = (
  instructor: repo.SlotInstructor,
  date: string,
  start: Date,
  isPoolHours: boolean,
  priceCents: number,
) => void;

/**
 * The engine: eligible instructors and their schedules from `source` (the database, or the cache that
 * mirrors it), the rest computed in memory. Returns the eligible instructors so the HTTP layer can tell
 * "no slots" from "no such instructor here".
 */
async function scanOpenSlots(
  source: ScheduleSource,
  q: OpenSlotsQuery,
  visit: OpenSlotVisitor,
): Promise<repo.SlotInstructor[]> {
  assertWithinBookingHorizon(q.startDate, q.endDate, q.now);
  const filter = {
    today: sydneyTodayDate(q.now),
    suburb: q.suburb,
    instructorId: q.instructorId,
    instructorIds: q.instructorIds,
  };
  const firstDate = q.startDate;
  const range = {
    firstDate,
    endDate: q.endDate,
    now: q.now,
    ...(q.excludeBookingId ? { excludeBookingId: q.excludeBookingId } : {}),
  };
  const minutes = askedMinutes(q);
  const lesson = { suburb: SUBURBS.indexOf(q.suburb), minutes };
  const { instructors, schedules } = await source.load(filter, range, { poolHoursOnly: q.poolHoursOnly });
  // Only those who offer lessons of this length (every instructor offers the standard one).
  const candidates = instructors.filter(
    (i) =>
      (!q.poolHoursOnly || i.poolOptIn) && (minutes === LESSON_MINUTES || i.lessonLengths.includes(minutes)),
  );
  const days = calendarDays(firstDate, q.endDate);
  for (const instructor of candidates) {
    const schedule = schedules.get(instructor.id);
    if (!schedule) continue;
    const { poolOptIn, standardRateCents } = instructor;
    const poolPriceCents = lessonPriceCents({ standardRateCents, isPoolHours: true, minutes });
    const standardPriceCents = lessonPriceCents({ standardRateCents, isPoolHours: false, minutes });
    forEachOpenLessonStart(schedule, days, q.now, lesson, (day, start) => {
      // Pool hours never fall on a public holiday: an instructor who teaches then charges the full rate.
      const isPoolHours = poolOptIn && !day.isPublicHoliday && cachedIsPoolHourStart(start, minutes);
      if (q.poolHoursOnly && !isPoolHours) return;
      visit(instructor, day.date, start, isPoolHours, isPoolHours ? poolPriceCents : standardPriceCents);
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
export function findOpenSlots(db: Executor, q: OpenSlotsQuery): Promise<OpenSlot[]> {
  return findOpenSlotsFrom(databaseSchedules(db), q);
}

/** findOpenSlots from any source of schedules (a booking's plan adds the lessons it has placed). */
export async function findOpenSlotsFrom(source: ScheduleSource, q: OpenSlotsQuery): Promise<OpenSlot[]> {
  const slots: OpenSlot[] = [];
  const lessonMs = askedMinutes(q) * 60_000;
  await scanOpenSlots(source, q, (instructor, _date, start, isPoolHours, priceCents) => {
    slots.push({
      instructorId: instructor.id,
      instructorName: fullName(instructor),
      start,
      end: new Date(start.getTime() + lessonMs),
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

/** Turns an answer into the route's JSON (its response schema), once per cached answer. */
export type Serialize = (payload: unknown) => string;

const HOUR_MS = 3_600_000;

export function createAvailabilityService(ctx: AppContext) {
  const schedules = createScheduleCache();
  const responses = createResponseCache();

  /**
   * Answers a schema-checked query from the cache when nothing it depends on has changed, else runs
   * the engine over the cached schedules and remembers the serialized answer.
   */
  async function answer(kind: AnswerKind, query: AvailabilityQuery, serialize: Serialize): Promise<Buffer> {
    // The schema has checked the suburb (canonical spelling) and the dates (real, in order, at most
    // MAX_RANGE_DAYS); the horizon is checked against the clock before anything is looked up.
    const { suburb, startDate, endDate, instructorId, poolHoursOnly } = query;
    const now = ctx.now();
    assertWithinBookingHorizon(startDate, endDate, now);
    if (!ctx.env.AVAILABILITY_CACHE) {
      const payload = await computeAvailability(ctx.db, databaseSchedules(ctx.db), kind, { ...query, now });
      return Buffer.from(serialize(payload));
    }
    const today = sydneyTodayDate(now);
    const snapshot = await schedules.snapshot(ctx.db, suburb, today);
    // Lessons start on the hour at least MIN_LEAD_TIME after now, so which starts are bookable changes
    // only when now crosses an hour: the hour is part of the key.
    const leadHour = Math.ceil(now.getTime() / HOUR_MS);
    const key = [
      kind,
      suburb,
      startDate,
      endDate,
      instructorId ?? "",
      poolHoursOnly ? 1 : 0,
      askedMinutes(query),
      today,
      leadHour,
    ].join("|");
    const cached = responses.get(key, snapshot.fingerprint, now.getTime());
    if (cached !== undefined) return cached;

    const payload = await computeAvailability(ctx.db, snapshot, kind, { ...query, now });
    const body = Buffer.from(serialize(payload));
    const { fromMs, untilMs } = snapshot.holdWindow;
    responses.set(key, { fingerprint: snapshot.fingerprint, fromMs, untilMs, body });
    return body;
  }

  return {
    async listInstructors(query: InstructorsQuery): Promise<InstructorListing[]> {
      const rows = await repo.listEligibleInstructors(ctx.db, {
        today: sydneyTodayDate(ctx.now()),
        suburb: query.suburb,
      });
      const listings = rows.map(
        ({ standardRateCents, lessonLengths, ...row }): InstructorListing => ({
          ...row,
          lessonLengths: normaliseLessonLengths(lessonLengths),
          standardRate: centsToDollars(standardRateCents),
          poolRate: centsToDollars(row.poolOptIn ? poolRateCents(standardRateCents) : standardRateCents),
        }),
      );
      const { experienceLevel, licenseType, language } = query;
      if (!experienceLevel && !licenseType && !language) return listings;
      return rankInstructors(listings, { experienceLevel, licenseType, language });
    },

    /** The summary as JSON (see `answer`). */
    getAvailabilitySummary(query: AvailabilityQuery, serialize: Serialize): Promise<Buffer> {
      return answer("summary", query, serialize);
    },

    /** The slots as JSON (see `answer`). */
    listSlots(query: AvailabilityQuery, serialize: Serialize): Promise<Buffer> {
      return answer("slots", query, serialize);
    },
  };
}

type Scan = (visit: OpenSlotVisitor) => Promise<void>;
type AnswerKind = "summary" | "slots";

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

/**
 * The availability engine: every open lesson of a suburb's eligible instructors over a range of Sydney
 * dates, from a source of schedules (the database, or the cache that mirrors it). Bookings call it
 * inside their transaction; the student's summary and slots read it through compute-availability.ts.
 */
import { LESSON_MINUTES, SUBURBS, type Suburb } from "@kerb/shared";
import {
  type BookingHorizon,
  bookingHorizon,
  bookingHorizonMessage,
  comparePoolCandidates,
  fullName,
  isValidIsoDate,
  lessonPriceCents,
  sydneyTodayDate,
} from "@kerb/shared/rules";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type * as repo from "./availability.repository.ts";
import { databaseSchedules, type ScheduleSource } from "./schedule-source.ts";
import { cachedIsPoolHourStart, calendarDays, forEachOpenLessonStart } from "./slot-generator.ts";

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

interface OpenSlotsQuery {
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
  /** Dates a query may span: the booking horizon unless a caller allows more (a weekly series). */
  horizon?: BookingHorizon;
}

/** The length a query asks for: the standard lesson unless it names another. */
export const askedMinutes = (q: { lessonMinutes?: number | undefined }) => q.lessonMinutes ?? LESSON_MINUTES;

/**
 * Both dates inside the booking horizon at `now` (rules/booking-window.ts): today (Sydney) to 30 days
 * ahead. Else a 400 validation_error naming the horizon, before any query runs: a range years ahead
 * would otherwise scan the suburb's whole calendar (inside the caller's transaction, for a booking).
 */
export function assertWithinBookingHorizon(
  startDate: string,
  endDate: string,
  now: Date,
  horizon: BookingHorizon = bookingHorizon(now),
): void {
  const message = bookingHorizonMessage(horizon);
  // isWithinBookingHorizon's test, against the horizon given.
  const isInside = (date: string) =>
    isValidIsoDate(date) && date >= horizon.firstDate && date <= horizon.lastDate;
  const outside = [
    { path: "startDate", date: startDate },
    { path: "endDate", date: endDate },
  ].filter(({ date }) => !isInside(date));
  if (outside.length > 0) {
    throw new AppError(
      "validation_error",
      message,
      outside.map(({ path }) => ({ path, message })),
    );
  }
}

/** Receives every open (instructor, start) the engine finds, in time order per instructor. */
export type OpenSlotVisitor = (
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
export async function scanOpenSlots(
  source: ScheduleSource,
  q: OpenSlotsQuery,
  visit: OpenSlotVisitor,
): Promise<repo.SlotInstructor[]> {
  assertWithinBookingHorizon(q.startDate, q.endDate, q.now, q.horizon);
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

/**
 * Every open lesson of the suburb's eligible instructors in [startDate, endDate] (Sydney dates), one
 * per (instructor, start), sorted by start then by the shared auto-assignment preference (price, higher
 * rating, id). Takes an Executor so a booking can call it inside its transaction. Both dates
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

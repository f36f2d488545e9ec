/**
 * Where requested lesson times land: every way a lesson is placed (the card hold, the bundle-credit
 * spend, the reschedule) matches its times to open slots here, so a new scheduling rule is written
 * once. The availability engine decides what is free (working hours, exceptions, other lessons and
 * active holds, travel between suburbs and the instructor's buffer, notice, daily cap, public holidays,
 * instructor still listable) and prices each slot by the shared rules; a lesson without an instructor
 * is auto-assigned among the suburb's free pool instructors (rules/pool-assignment.ts); and a lapsed
 * hold in the way is released by one policy (`retryPastLapsedHolds`).
 *
 * Overlaps are the exclusion constraints' to refuse, but travel, buffers and caps are not something a
 * constraint can say: so a plan is made under a per-instructor lock (schedule-lock.ts
 * `lockInstructorSchedules`), held to the end of the transaction. Two bookings of one instructor are
 * then planned one after the other, the second seeing the first's lessons.
 */
import { LESSON_MINUTES, SUBURBS, type Suburb } from "@kerb/shared";
import {
  type BookingHorizon,
  choosePoolInstructor,
  lessonMinutesBetween,
  sydneyDateOf,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { pgErrorCode } from "../../lib/pg-error-code.ts";
import {
  databaseSchedules,
  findOpenSlotsFrom,
  type OpenSlot,
  type PlacedLesson,
  withPlacedLessons,
} from "../availability/index.ts";
import { sweepLapsedHolds } from "./hold-sweep.ts";
import { lockInstructorSchedules } from "./schedule-lock.ts";

interface LessonRequest {
  startTime: string;
  /** When it ends: its length is one the instructor offers (60 minutes when absent). */
  endTime?: string | undefined;
  /** Who teaches it; absent: a pool-hours lesson, auto-assigned at booking. */
  instructorId?: string | null | undefined;
  /** The kind of time the student chose (a lesson without an instructor must be pool hours). */
  isPoolHours?: boolean | undefined;
  pickupLocation?: string | null | undefined;
}

export interface PlannedLesson {
  instructorId: string;
  start: Date;
  end: Date;
  priceCents: number;
  isPoolHours: boolean;
  /** Where to meet: the student's words, or the suburb. */
  pickupLocation: string;
}

/**
 * A planned lesson as the lesson row it becomes (the card hold's, the credit spends'): who teaches, when,
 * what it is worth and where to meet; the suburb it happens in is the caller's.
 */
export function lessonRowOf(lesson: PlannedLesson, suburb: string) {
  return {
    instructorId: lesson.instructorId,
    startTime: lesson.start,
    endTime: lesson.end,
    priceCents: lesson.priceCents,
    isPoolHours: lesson.isPoolHours,
    suburb,
    pickupLocation: lesson.pickupLocation,
  };
}

interface PlanLessonsInput<R extends LessonRequest> {
  suburb: Suburb;
  now: Date;
  requests: readonly R[];
  /** Every lesson with this instructor (a bundle's, the lesson's own), whatever the requests say. */
  instructorId?: string;
  /** A lesson being moved: its present time does not stand in the way of its new one. */
  movingBookingId?: string;
  /** What the lesson is worth: by default the slot's price (standard or pool rate). */
  priceCents?: (slot: OpenSlot) => number;
  /** Checks the slot found for a request before the next is matched (a price or kind not as shown). */
  accept?: (slot: OpenSlot, request: R, index: number) => void;
  /** The refusal when the instructor is not free at a requested time. */
  unavailable: (request: R, index: number) => AppError | Promise<AppError>;
  /** Dates the plan may reach: the booking horizon unless the caller allows more (a weekly series). */
  horizon?: BookingHorizon;
}

/** Who teaches a request: the plan's instructor, else the one the request names (none: pool hours). */
function instructorOf<R extends LessonRequest>(input: PlanLessonsInput<R>, request: R): string | undefined {
  return input.instructorId ?? request.instructorId ?? undefined;
}

/** How many times an auto-assigned plan is made again after locking the instructors it chose. */
const MAX_PLANS = 3;

/**
 * Matches each requested time to an open slot, in request order (the first refusal wins); each matched
 * lesson counts as taken for the next (its hour, travel, buffer and the day's cap), so two requests
 * never share an instructor's hour or strand them between suburbs. Inside the caller's transaction.
 * Named instructors are locked before their calendars are read; auto-assigned ones once chosen, and
 * the plan is then made again on what is committed by now (a pool instructor taken meanwhile is
 * replaced by another, or the booking refused).
 */
export async function planLessons<R extends LessonRequest>(
  tx: Executor,
  input: PlanLessonsInput<R>,
): Promise<PlannedLesson[]> {
  const named = input.requests.every((r) => instructorOf(input, r))
    ? [...new Set(input.requests.map((r) => instructorOf(input, r) ?? ""))]
    : undefined;
  const locked = new Set<string>();
  if (named) {
    await lockInstructorSchedules(tx, named);
    for (const id of named) locked.add(id);
  }
  for (let attempt = 1; ; attempt++) {
    const planned = await matchRequests(tx, input, named);
    const chosen = [...new Set(planned.map((p) => p.instructorId))].filter((id) => !locked.has(id));
    if (chosen.length === 0) return planned;
    if (attempt >= MAX_PLANS) {
      throw new AppError("slot_unavailable", "Other students are booking the same times; please try again.");
    }
    await lockInstructorSchedules(tx, chosen);
    for (const id of chosen) locked.add(id);
  }
}

async function matchRequests<R extends LessonRequest>(
  tx: Executor,
  input: PlanLessonsInput<R>,
  named: string[] | undefined,
): Promise<PlannedLesson[]> {
  const { requests, suburb, now } = input;
  const starts = requests.map((r) => new Date(r.startTime).getTime());
  const range = {
    firstDate: sydneyDateOf(new Date(Math.min(...starts))),
    endDate: sydneyDateOf(new Date(Math.max(...starts))),
    now,
    ...(input.movingBookingId ? { excludeBookingId: input.movingBookingId } : {}),
  };
  const placed: PlacedLesson[] = [];
  // The calendars are read once; each request is matched against them plus the lessons placed so far.
  const source = withPlacedLessons(databaseSchedules(tx), range, placed);
  const pickup = SUBURBS.indexOf(suburb);

  const planned: PlannedLesson[] = [];
  for (const [index, request] of requests.entries()) {
    const start = new Date(request.startTime);
    const date = sydneyDateOf(start);
    const instructorId = instructorOf(input, request);
    // Auto-assigned pool lessons choose among the whole suburb; named instructors need only their own calendars.
    const open = await findOpenSlotsFrom(source, {
      suburb,
      startDate: date,
      endDate: date,
      lessonMinutes: request.endTime ? lessonMinutesBetween(start, request.endTime) : LESSON_MINUTES,
      ...(input.instructorId ? { instructorId: input.instructorId } : { instructorIds: named }),
      now,
      ...(input.horizon ? { horizon: input.horizon } : {}),
    });
    const atStart = open.filter((slot) => slot.start.getTime() === start.getTime());
    let slot: OpenSlot | undefined;
    if (instructorId) {
      slot = atStart.find((s) => s.instructorId === instructorId);
      if (!slot) throw await input.unavailable(request, index);
    } else {
      if (!request.isPoolHours) {
        throw new AppError(
          "bad_request",
          "Choose an instructor, or book a pool-hours slot to be auto-assigned",
          { index },
        );
      }
      // Auto-assignment by the same rule that priced the listed slot (rules/pool-assignment.ts).
      slot = choosePoolInstructor(atStart.filter((s) => s.isPoolHours));
      if (!slot) {
        throw new AppError(
          "slot_unavailable",
          "No pool instructor is free at one of the chosen times any more.",
          {
            index,
            startTime: request.startTime,
          },
        );
      }
    }
    const chosen = slot;
    input.accept?.(chosen, request, index);
    // Taken from now on: the next request cannot share its hour, or ignore its travel, buffer and cap.
    placed.push({
      instructorId: chosen.instructorId,
      period: [chosen.start.getTime(), chosen.end.getTime(), pickup],
    });
    planned.push({
      instructorId: chosen.instructorId,
      start: chosen.start,
      end: chosen.end,
      priceCents: input.priceCents ? input.priceCents(chosen) : chosen.priceCents,
      isPoolHours: chosen.isPoolHours,
      pickupLocation: request.pickupLocation?.trim() || suburb,
    });
  }
  return planned;
}

/**
 * The one lapsed-hold policy, for every placement. A lapsed hold still occupies its slot in the
 * exclusion constraints until it is released, although the availability engine already offers the
 * slot. Rather than release lapsed holds before every placement, `place` (a whole transaction) runs;
 * if its write clashed (23P01) and the hold sweep's work, done now, released any lapsed hold, it runs
 * once more.
 */
export async function retryPastLapsedHolds<T>(
  ctx: Pick<AppContext, "db">,
  now: Date,
  place: () => Promise<T>,
): Promise<T> {
  try {
    return await place();
  } catch (error) {
    if (pgErrorCode(error) !== "23P01" || (await sweepLapsedHolds(ctx.db, now)) === 0) throw error;
    return place();
  }
}

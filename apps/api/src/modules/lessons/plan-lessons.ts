/**
 * Where requested lesson times land: every way a lesson is placed (the card hold, the bundle-credit
 * spend, the reschedule) matches its times to open slots here, so a new scheduling rule is written
 * once. The availability engine decides what is free (working hours, exceptions, other lessons and
 * active holds, instructor still listable) and prices each slot by the shared rules; a lesson without
 * an instructor is auto-assigned among the suburb's free pool instructors (rules/pool-assignment.ts);
 * and a lapsed hold in the way is released by one policy (`retryPastLapsedHolds`).
 */
import type { Suburb } from "@kerb/shared";
import { choosePoolInstructor, sydneyDateOf } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { pgErrorCode } from "../../lib/pg-error-code.ts";
import { findOpenSlots, type OpenSlot } from "../availability/availability.service.ts";
import { sweepLapsedHolds } from "./hold-sweep.ts";

export interface LessonRequest {
  startTime: string;
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

export interface PlanLessonsInput<R extends LessonRequest> {
  suburb: Suburb;
  now: Date;
  requests: readonly R[];
  /** Every lesson with this instructor (a bundle's, the lesson's own), whatever the requests say. */
  instructorId?: string;
  /** What the lesson is worth: by default the slot's price (standard or pool rate). */
  priceCents?: (slot: OpenSlot) => number;
  /** Checks the slot found for a request before the next is matched (a price or kind not as shown). */
  accept?: (slot: OpenSlot, request: R, index: number) => void;
  /** The refusal when the instructor is not free at a requested time. */
  unavailable: (request: R, index: number) => AppError | Promise<AppError>;
}

/**
 * Matches each requested time to an open slot, in request order (the first refusal wins), taking each
 * matched slot out of the running so two requests never share an instructor's hour. Inside the
 * caller's transaction; the exclusion constraints remain the final word when the lessons are written.
 */
export async function planLessons<R extends LessonRequest>(
  tx: Executor,
  input: PlanLessonsInput<R>,
): Promise<PlannedLesson[]> {
  const { requests, suburb, now } = input;
  const instructorOf = (request: R) => input.instructorId ?? request.instructorId ?? undefined;
  const starts = requests.map((r) => new Date(r.startTime).getTime());
  // Auto-assigned pool lessons choose among the whole suburb; named instructors need only their own calendars.
  const named = requests.every((r) => instructorOf(r))
    ? [...new Set(requests.map((r) => instructorOf(r) ?? ""))]
    : undefined;
  const open = await findOpenSlots(tx, {
    suburb,
    startDate: sydneyDateOf(new Date(Math.min(...starts))),
    endDate: sydneyDateOf(new Date(Math.max(...starts))),
    ...(input.instructorId ? { instructorId: input.instructorId } : { instructorIds: named }),
    now,
  });
  const byKey = new Map<string, OpenSlot>();
  const poolByStart = new Map<number, OpenSlot[]>();
  for (const slot of open) {
    byKey.set(`${slot.instructorId}|${slot.start.getTime()}`, slot);
    if (slot.isPoolHours) {
      const list = poolByStart.get(slot.start.getTime()) ?? [];
      list.push(slot);
      poolByStart.set(slot.start.getTime(), list);
    }
  }

  const planned: PlannedLesson[] = [];
  for (const [index, request] of requests.entries()) {
    const start = new Date(request.startTime);
    const instructorId = instructorOf(request);
    let slot: OpenSlot | undefined;
    if (instructorId) {
      slot = byKey.get(`${instructorId}|${start.getTime()}`);
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
      slot = choosePoolInstructor(poolByStart.get(start.getTime()) ?? []);
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
    // An instructor taken by this plan is no longer free for the next auto-assigned lesson.
    byKey.delete(`${chosen.instructorId}|${start.getTime()}`);
    const pool = poolByStart.get(start.getTime());
    if (pool) {
      poolByStart.set(
        start.getTime(),
        pool.filter((s) => s.instructorId !== chosen.instructorId),
      );
    }
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

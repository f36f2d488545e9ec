/**
 * The shape and timing every new lesson time must have before any query: 60, 90 or 120 minutes, not in
 * the past, inside the 30-day booking horizon, on the hour and at least 2 hours ahead. New bookings,
 * credit spends and reschedules all go through it, so cheap rejections come first and agree.
 */
import {
  bookingHorizon,
  bookingHorizonMessage,
  isBookableStart,
  isLessonLength,
  isWithinBookingHorizon,
  lessonLengthChoices,
  lessonMinutesBetween,
  sydneyDateOf,
} from "@kerb/shared/rules";
import { MIN_LEAD_TIME } from "@kerb/shared/words";
import { AppError } from "../../lib/app-error.ts";

export interface LessonTime {
  startTime: string;
  endTime: string;
}

/** A lesson time's length in minutes (not necessarily a whole or allowed one). */
export function lessonMinutesOf(time: LessonTime): number {
  return lessonMinutesBetween(time.startTime, time.endTime);
}

/**
 * Checks one lesson time. `path` names the field in a validation error (e.g. `bookings.2.startTime`),
 * `index` goes into the details of the others so the client can point at the lesson.
 */
export function checkLessonTime(
  time: LessonTime,
  now: Date,
  where: { path: string; index?: number } = { path: "startTime" },
) {
  const start = new Date(time.startTime);
  const at = { ...(where.index === undefined ? {} : { index: where.index }), startTime: time.startTime };
  // Whether this instructor offers the length is the availability engine's to say (plan-lessons.ts).
  if (!isLessonLength(lessonMinutesOf(time))) {
    throw new AppError("bad_request", `A lesson lasts ${lessonLengthChoices()}`, at);
  }
  if (start.getTime() < now.getTime()) {
    throw new AppError("slot_in_past", "One of the chosen times is in the past", at);
  }
  if (!isWithinBookingHorizon(sydneyDateOf(start), now)) {
    // Refused before any query: a request spanning years must not scan a suburb's calendar.
    const message = bookingHorizonMessage(bookingHorizon(now));
    throw new AppError("validation_error", message, [{ path: where.path, message }]);
  }
  if (!isBookableStart(start, now)) {
    throw new AppError(
      "slot_in_past",
      `Lessons start on the hour and at least ${MIN_LEAD_TIME} from now`,
      at,
    );
  }
}

/** Checks every lesson of a request, and that the student is not asked to be in two cars at once. */
export function checkLessonTimes(items: readonly LessonTime[], now: Date) {
  const seen = new Set<number>();
  items.forEach((item, index) => {
    checkLessonTime(item, now, { path: `bookings.${index}.startTime`, index });
    const start = new Date(item.startTime).getTime();
    if (seen.has(start)) {
      throw new AppError("duplicate_slot", "The same time appears twice in this booking", {
        index,
        startTime: item.startTime,
      });
    }
    seen.add(start);
  });
}

/**
 * What makes an instructor's date override acceptable: not in the past, and consistent with the
 * overrides already on that date. Pure checks over rows; the use cases call them inside their change.
 */
import { type AvailabilityException, minutesToTime, TOO_SHORT_FOR_A_LESSON } from "@kerb/shared";
import {
  formatIsoDate,
  holdsALesson,
  type MinuteWindow,
  sydneyMinutesOf,
  sydneyTodayDate,
  windowsOverlap,
} from "@kerb/shared/rules";
import { AppError } from "../../lib/app-error.ts";
import type * as repo from "./schedule.repository.ts";

type ExceptionRow = Awaited<ReturnType<typeof repo.listExceptionsFrom>>[number];

export function toException(row: ExceptionRow): AvailabilityException {
  return {
    id: row.id,
    date: row.date,
    kind: row.kind,
    start: row.startMinute === null ? null : minutesToTime(row.startMinute),
    end: row.endMinute === null ? null : minutesToTime(row.endMinute),
    note: row.note,
  };
}

export const showRule = (r: { weekday: number; startMinute: number; endMinute: number }) => ({
  weekday: r.weekday,
  start: minutesToTime(r.startMinute),
  end: minutesToTime(r.endMinute),
});

/** The note of leave days when the instructor gives none. */
export const LEAVE_NOTE = "Leave";

export const refuse = (path: string, message: string) =>
  new AppError("validation_error", message, [{ path, message }]);

const clock = (w: MinuteWindow) => `${minutesToTime(w.startMinute)}–${minutesToTime(w.endMinute)}`;

export function windowOfRow(row: {
  startMinute: number | null;
  endMinute: number | null;
}): MinuteWindow | null {
  return row.startMinute !== null && row.endMinute !== null
    ? { startMinute: row.startMinute, endMinute: row.endMinute }
    : null;
}

/**
 * One date's overrides must make sense together: a whole day off stands alone; two time-off windows,
 * or two extra-hours windows, never overlap; and time off may not lie over extra hours, where it would
 * change nothing (extra hours win, rules/working-hours.ts). Extra hours over time off are fine: that is
 * how an instructor works an hour of an afternoon they took off.
 */
export function refuseClash(
  date: string,
  kind: "CLOSED" | "OPEN",
  window: MinuteWindow | null,
  sameDay: Array<{ kind: "CLOSED" | "OPEN"; startMinute: number | null; endMinute: number | null }>,
) {
  const day = formatIsoDate(date);
  if (sameDay.some((e) => e.kind === "CLOSED" && windowOfRow(e) === null)) {
    throw new AppError("conflict", `${day} is already a day off; remove that first to change it`);
  }
  if (!window) {
    if (sameDay.length > 0) {
      throw new AppError(
        "conflict",
        `${day} already has time off or extra hours; remove them first to take the day off`,
      );
    }
    return;
  }
  for (const other of sameDay) {
    const otherWindow = windowOfRow(other);
    if (!otherWindow || !windowsOverlap(otherWindow, window)) continue;
    if (other.kind === kind) {
      const at = `${day} (${clock(otherWindow)})`;
      throw new AppError(
        "invalid_range",
        kind === "OPEN"
          ? `These extra hours overlap extra hours already set for ${at}`
          : `This time off overlaps time off already set for ${at}`,
      );
    }
    if (kind === "CLOSED") {
      throw new AppError(
        "invalid_range",
        `This time off overlaps extra hours set for ${day} (${clock(otherWindow)}); remove or change those instead`,
      );
    }
  }
}

/**
 * An override must still change something: not dated before today in Sydney, and today only when its
 * window has not ended (a whole day off today is fine: it takes off the hours still to come). Extra
 * hours today must leave room for a lesson starting from the next hour on.
 */
export function refusePastOverride(
  now: Date,
  date: string,
  kind: "CLOSED" | "OPEN",
  window: MinuteWindow | null,
) {
  const today = sydneyTodayDate(now);
  if (date < today) throw refuse("date", "The date cannot be in the past");
  if (date > today || !window) return;
  const nowMinute = sydneyMinutesOf(now);
  if (window.endMinute <= nowMinute) {
    throw refuse(
      "end",
      `These hours have already passed today (it is ${minutesToTime(nowMinute)} in Sydney)`,
    );
  }
  const rest = { startMinute: Math.max(window.startMinute, nowMinute), endMinute: window.endMinute };
  if (kind === "OPEN" && !holdsALesson(date, rest)) {
    throw refuse("end", `What is left of these hours today is ${TOO_SHORT_FOR_A_LESSON}`);
  }
}

/**
 * The "Tell me about earlier times" form, as the learner types it (dates DD/MM/YYYY, times of day,
 * weekdays), read into the API's request with a sentence for each field that is wrong.
 */
import { type CreateTimeAlertRequest, LESSON_LENGTHS, TIME_ALERT_MAX_WINDOW_DAYS } from "@kerb/shared";
import { clockMinutes, daysBetween, formatIsoDate, isValidIsoDate } from "@kerb/shared/rules";
import { formatClockMinutes } from "@kerb/shared/words";
import { SHORT_WEEKDAYS } from "@/lib/format";

export interface AlertDraft {
  /** "" for any instructor in the learner's suburb. */
  instructorId: string;
  fromDate: string;
  toDate: string;
  fromTime: string;
  toTime: string;
  /** 0 = Sunday … 6 = Saturday; none chosen: any day. */
  weekdays: number[];
  lessonMinutes: string;
}

export type AlertDraftErrors = Partial<Record<keyof AlertDraft, string>>;

/** The days to tick, Monday first as Australian calendars list them (the API's numbers: 0 = Sunday). */
export const WEEKDAY_OPTIONS = [1, 2, 3, 4, 5, 6, 0].map((value) => ({
  value,
  label: SHORT_WEEKDAYS[value],
}));

export const LENGTH_OPTIONS = LESSON_LENGTHS.map((minutes) => ({
  value: String(minutes),
  label: minutes === 60 ? "1 hour" : minutes === 90 ? "1.5 hours" : "2 hours",
}));

/** "31/12/2026" (or 31/12/26 not accepted) → "2026-12-31"; null when it is not a real date. */
export function parseAuDate(text: string): string | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [, day, month, year] = match;
  const iso = `${year}-${month?.padStart(2, "0")}-${day?.padStart(2, "0")}`;
  return isValidIsoDate(iso) ? iso : null;
}

/** A draft starting today and ending on `before` (a lesson's date) or a fortnight on. */
export function initialDraft(today: string, options: { instructorId?: string; before?: string }): AlertDraft {
  const end =
    options.before && isValidIsoDate(options.before) && options.before >= today ? options.before : null;
  const fortnight = new Date(`${today}T00:00:00Z`);
  fortnight.setUTCDate(fortnight.getUTCDate() + 14);
  return {
    instructorId: options.instructorId ?? "",
    fromDate: formatIsoDate(today),
    toDate: formatIsoDate(end ?? fortnight.toISOString().slice(0, 10)),
    fromTime: "",
    toTime: "",
    weekdays: [],
    lessonMinutes: "60",
  };
}

/** The request, or the errors to show beside each field. */
export function readAlertDraft(
  draft: AlertDraft,
  today: string,
): { request: CreateTimeAlertRequest; errors?: never } | { request?: never; errors: AlertDraftErrors } {
  const errors: AlertDraftErrors = {};
  const fromDate = parseAuDate(draft.fromDate);
  const toDate = parseAuDate(draft.toDate);
  if (!fromDate) errors.fromDate = "Enter the first date as DD/MM/YYYY";
  else if (fromDate < today) errors.fromDate = `Choose a first date from today (${formatIsoDate(today)}) on`;
  if (!toDate) errors.toDate = "Enter the last date as DD/MM/YYYY";
  else if (fromDate && toDate < fromDate) errors.toDate = "The last date must be on or after the first date";
  else if (fromDate && daysBetween(fromDate, toDate) + 1 > TIME_ALERT_MAX_WINDOW_DAYS) {
    errors.toDate = `An alert can watch at most ${TIME_ALERT_MAX_WINDOW_DAYS} days: choose an earlier last date`;
  }
  if (draft.fromTime && draft.toTime && draft.toTime <= draft.fromTime) {
    errors.toTime = "The latest finish must be after the earliest start";
  }
  if (Object.keys(errors).length > 0 || !fromDate || !toDate) return { errors };
  const lessonMinutes = Number(draft.lessonMinutes) as 60 | 90 | 120;
  return {
    request: {
      ...(draft.instructorId ? { instructorId: draft.instructorId } : { instructorId: null }),
      fromDate,
      toDate,
      ...(draft.fromTime ? { fromTime: draft.fromTime } : {}),
      ...(draft.toTime ? { toTime: draft.toTime } : {}),
      ...(draft.weekdays.length > 0 ? { weekdays: draft.weekdays } : {}),
      lessonMinutes,
    },
  };
}

/** "07:00" → "7:00 am", as every other time in the app reads. */
function clockLabel(time: string | null): string | null {
  const minutes = time ? clockMinutes(time) : null;
  return minutes === null ? time : formatClockMinutes(minutes, { withMinutes: true });
}

/** "Mon, Wed · 7:00 am – 10:00 am · 1 hour": what an alert watches, in a line. */

export function describeWindow(alert: {
  weekdays: number[] | null;
  fromTime: string | null;
  toTime: string | null;
  lessonMinutes: number;
}): string {
  const days =
    alert.weekdays && alert.weekdays.length > 0 && alert.weekdays.length < 7
      ? alert.weekdays.map((d) => SHORT_WEEKDAYS[d]).join(", ")
      : "Any day";
  const times =
    alert.fromTime || alert.toTime
      ? `${clockLabel(alert.fromTime) ?? "any time"} – ${clockLabel(alert.toTime) ?? "any time"}`
      : "any time of day";
  const length =
    LENGTH_OPTIONS.find((o) => o.value === String(alert.lessonMinutes))?.label ??
    `${alert.lessonMinutes} min`;
  return `${days} · ${times} · ${length} lessons`;
}

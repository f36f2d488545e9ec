import type { TimeAlert } from "@kerb/shared";
import type { TimeAlertWindow } from "@kerb/shared/rules";
import type { TimeAlertRow } from "./time-alerts.repository.ts";

const clock = (minutes: number | null) =>
  minutes === null
    ? null
    : `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** An alert as the learner sees it. */
export function toTimeAlert(row: TimeAlertRow): TimeAlert {
  return {
    id: row.id,
    instructor:
      row.instructorId && row.instructorFirstName !== null && row.instructorLastName !== null
        ? { id: row.instructorId, firstName: row.instructorFirstName, lastName: row.instructorLastName }
        : null,
    suburb: row.suburb,
    fromDate: row.fromDate,
    toDate: row.toDate,
    fromTime: clock(row.fromMinute),
    toTime: clock(row.toMinute),
    weekdays: row.weekdays,
    lessonMinutes: row.lessonMinutes,
    status: row.status,
    endedReason: row.endedReason,
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    lastNotifiedAt: row.lastNotifiedAt?.toISOString() ?? null,
  };
}

/** The window the rules read (rules/time-alerts.ts). */
export const windowOf = (row: TimeAlertRow): TimeAlertWindow => ({
  fromDate: row.fromDate,
  toDate: row.toDate,
  fromMinute: row.fromMinute,
  toMinute: row.toMinute,
  weekdays: row.weekdays,
  lessonMinutes: row.lessonMinutes,
});

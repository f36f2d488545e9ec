import type { AvailabilitySummary, Slot, StudentProfileBooking } from "@kerb/shared";
import { formatDate, formatTime, formatWeekday } from "@/lib/format";

/** A lesson moves only to a time of its own kind: pool to pool, standard to standard. */
type LessonKind = "pool" | "standard";

export function lessonKind(lesson: Pick<Slot, "isPoolHours">): LessonKind {
  return lesson.isPoolHours ? "pool" : "standard";
}

export function isSlotOfKind(slot: Pick<Slot, "isPoolHours">, kind: LessonKind): boolean {
  return lessonKind(slot) === kind;
}

/** The calendar counts only times of the lesson's kind, so a day with none of them is greyed. */
export function summaryOfKind(summary: AvailabilitySummary, kind: LessonKind): AvailabilitySummary {
  const result: AvailabilitySummary = {};
  for (const [date, day] of Object.entries(summary)) {
    const poolHours = kind === "pool" ? day.poolHours : 0;
    const standardHours = kind === "standard" ? day.standardHours : 0;
    const totalSlots = poolHours + standardHours;
    result[date] = { ...day, poolHours, standardHours, totalSlots, hasAvailability: totalSlots > 0 };
  }
  return result;
}

/**
 * Where the lesson's instructor's free times are read. Pool lessons ask for pool times only (the API
 * filters those); standard ones are filtered here, as the API has no standard-only switch.
 */
export function rescheduleSource(lesson: Pick<StudentProfileBooking, "instructor" | "isPoolHours">) {
  return lesson.isPoolHours
    ? { instructorId: lesson.instructor.id, poolHoursOnly: true }
    : { instructorId: lesson.instructor.id };
}

/** "Tue 02/12/2025, 10:00 am", in Sydney. */
export function lessonWhen(iso: string): string {
  return `${formatWeekday(iso)} ${formatDate(iso)}, ${formatTime(iso)}`;
}

/** The confirm button: "Move lesson to Tue 02/12/2025, 10:00 am". */
export function moveLessonLabel(slot: Pick<Slot, "startTime">): string {
  return `Move lesson to ${lessonWhen(slot.startTime)}`;
}

/** Only lessons still to come and booked can move; a held, cancelled or past one cannot. */
export function isMovable(lesson: Pick<StudentProfileBooking, "status" | "startTime">, now: number): boolean {
  return lesson.status === "SCHEDULED" && new Date(lesson.startTime).getTime() > now;
}

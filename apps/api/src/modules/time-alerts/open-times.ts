/**
 * The open times an alert asks for, straight from the availability engine's slot list (the truth is the
 * slot list, not the event that moved it): the searchable part of its window, its instructor or the
 * suburb's, its length, then its times of day and weekdays.
 */
import type { Suburb } from "@kerb/shared";
import { isWantedTime, searchableDates, type TimeAlertWindow } from "@kerb/shared/rules";
import type { Executor } from "../../db/client.ts";
import { findOpenSlots, type OpenSlot } from "../availability/index.ts";

export interface AlertQuery extends TimeAlertWindow {
  instructorId: string | null;
  suburb: string;
}

export async function openTimesOf(db: Executor, alert: AlertQuery, now: Date): Promise<OpenSlot[]> {
  const dates = searchableDates(alert, now);
  if (!dates) return [];
  const slots = await findOpenSlots(db, {
    suburb: alert.suburb as Suburb,
    ...dates,
    ...(alert.instructorId ? { instructorId: alert.instructorId } : {}),
    lessonMinutes: alert.lessonMinutes,
    now,
  });
  return slots.filter((slot) => isWantedTime(alert, slot.start));
}

/** How a known time is remembered: the instructor and the instant. */
export const slotKey = (slot: { instructorId: string; start: Date }) =>
  `${slot.instructorId}@${slot.start.toISOString()}`;

/** The availability counters an alert depends on: its instructor's, or everyone's for a suburb alert. */
export const versionFor = (
  alert: { instructorId: string | null },
  counters: { catalogue: number; everyone: number; of: (id: string) => number },
) =>
  `${counters.catalogue}:${alert.instructorId ? counters.of(alert.instructorId) : `all-${counters.everyone}`}`;

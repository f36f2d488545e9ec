import { LESSON_MINUTES, type Slot } from "@kerb/shared";
import { dollarsToCents, sydneyDateOf } from "@kerb/shared/rules";
import { isApiError } from "@/lib/api-error";
import type { SlotsQuery } from "../api/query-keys";
import { type SelectedSlot, slotKey, slotMinutes } from "./selection";

const sameInstant = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();

/** The lessons the server's answer points at: details.index into the request, or details.startTime. */
function pointedAt(error: unknown, slots: readonly SelectedSlot[]): Set<string> {
  const keys = new Set<string>();
  if (!isApiError(error) || typeof error.details !== "object" || error.details === null) return keys;
  const details = error.details as { index?: unknown; startTime?: unknown };
  if (typeof details.index === "number") {
    const slot = slots[details.index];
    if (slot) keys.add(slotKey(slot));
  }
  if (typeof details.startTime === "string") {
    for (const slot of slots)
      if (sameInstant(slot.startTime, details.startTime as string)) keys.add(slotKey(slot));
  }
  return keys;
}

/**
 * After a failed checkout: which chosen lessons to drop. Whatever the server named, plus every lesson
 * no longer offered at the same price when its day is asked for again (someone else may have taken
 * more than the one the server stopped at). A lesson whose day cannot be re-read is kept.
 */
export async function findStaleSlots(
  error: unknown,
  slots: readonly SelectedSlot[],
  suburb: string,
  fetchSlots: (query: SlotsQuery) => Promise<Slot[]>,
): Promise<SelectedSlot[]> {
  const stale = pointedAt(error, slots);
  const groups = new Map<string, { query: SlotsQuery; slots: SelectedSlot[] }>();
  for (const slot of slots) {
    const date = sydneyDateOf(new Date(slot.startTime));
    const source = slot.instructorId ? { instructorId: slot.instructorId } : { poolHoursOnly: true };
    // Each length is its own listing: a checkout may mix them.
    const minutes = slotMinutes(slot);
    const length = minutes === LESSON_MINUTES ? {} : { lessonMinutes: minutes };
    const id = `${date}|${slot.instructorId ?? "pool"}|${minutes}`;
    const group = groups.get(id) ?? { query: { suburb, date, ...source, ...length }, slots: [] };
    group.slots.push(slot);
    groups.set(id, group);
  }
  await Promise.all(
    [...groups.values()].map(async (group) => {
      let offered: Slot[];
      try {
        offered = await fetchSlots(group.query);
      } catch {
        return;
      }
      const byKey = new Map(offered.map((o) => [slotKey(o), o]));
      for (const slot of group.slots) {
        const now = byKey.get(slotKey(slot));
        const unchanged =
          now !== undefined &&
          now.isPoolHours === slot.isPoolHours &&
          dollarsToCents(now.price) === dollarsToCents(slot.price);
        if (!unchanged) stale.add(slotKey(slot));
      }
    }),
  );
  return slots.filter((slot) => stale.has(slotKey(slot)));
}

import { LESSON_MINUTES, MAX_LESSON_COUNT, type Slot } from "@kerb/shared";
import {
  creditsForLesson,
  dollarsToCents,
  lessonLengthLabel,
  lessonMinutesBetween,
} from "@kerb/shared/rules";
import { formatDateTime, formatTimeRange } from "@/lib/format";

/** A time the student picked: an open slot as the API offered it. */
export type SelectedSlot = Slot;

/**
 * Identifies a slot: an auto-assigned pool slot has no instructor yet. Its end is part of it: one
 * checkout may hold lessons of several lengths, and an hour and two hours from the same start are two
 * different lessons (the one not picked clashes with the other).
 */
export function slotKey(slot: Pick<Slot, "instructorId" | "startTime" | "endTime">): string {
  return `${slot.instructorId ?? "pool"}|${slot.startTime}|${slot.endTime}`;
}

/** API prices are dollars; every sum is done in integer cents. */
export function slotPriceCents(slot: Pick<SelectedSlot, "price">): number {
  return dollarsToCents(slot.price);
}

type SelectionTotals = {
  lessonCount: number;
  poolCount: number;
  regularCount: number;
  regularCents: number;
  poolCents: number;
  totalCents: number;
};

export function selectionTotals(slots: readonly SelectedSlot[]): SelectionTotals {
  let poolCount = 0;
  let regularCents = 0;
  let poolCents = 0;
  for (const slot of slots) {
    const cents = slotPriceCents(slot);
    if (slot.isPoolHours) {
      poolCount++;
      poolCents += cents;
    } else {
      regularCents += cents;
    }
  }
  return {
    lessonCount: slots.length,
    poolCount,
    regularCount: slots.length - poolCount,
    regularCents,
    poolCents,
    totalCents: regularCents + poolCents,
  };
}

function sortByStart(slots: readonly SelectedSlot[]): SelectedSlot[] {
  return [...slots].sort(
    (a, b) => a.startTime.localeCompare(b.startTime) || a.instructorName.localeCompare(b.instructorName),
  );
}

export function isSelected(selection: readonly SelectedSlot[], slot: SelectedSlot): boolean {
  const key = slotKey(slot);
  return selection.some((s) => slotKey(s) === key);
}

/** A lesson's length in minutes, from its times (60, 90 or 120). */
export function slotMinutes(slot: Pick<Slot, "startTime" | "endTime">): number {
  return Math.round(lessonMinutesBetween(slot.startTime, slot.endTime));
}

/** "2 hours" for a lesson that is not the standard hour; null for 60 minutes (nothing extra to say). */
export function lengthNote(slot: Pick<Slot, "startTime" | "endTime">): string | null {
  const minutes = slotMinutes(slot);
  return minutes === LESSON_MINUTES ? null : lessonLengthLabel(minutes);
}

/** "9:00 am – 11:00 am · 2 hours": a lesson's times, with its length when it is not the standard hour. */
export function slotTimeText(slot: Pick<Slot, "startTime" | "endTime">): string {
  const range = formatTimeRange(slot.startTime, slot.endTime);
  const note = lengthNote(slot);
  return note ? `${range} · ${note}` : range;
}

/**
 * A student cannot be in two cars at once: a time overlapping a lesson already in the selection (with
 * another instructor, or a longer lesson still running) cannot be picked. The server refuses such a batch
 * too (duplicate_slot).
 */
export function clashesWithSelection(selection: readonly SelectedSlot[], slot: SelectedSlot): boolean {
  const key = slotKey(slot);
  const start = new Date(slot.startTime).getTime();
  const end = new Date(slot.endTime).getTime();
  return selection.some(
    (s) =>
      slotKey(s) !== key && new Date(s.startTime).getTime() < end && start < new Date(s.endTime).getTime(),
  );
}

export function isSelectionFull(selection: readonly SelectedSlot[]): boolean {
  return selection.length >= MAX_LESSON_COUNT;
}

export function toggleSlot(selection: readonly SelectedSlot[], slot: SelectedSlot): SelectedSlot[] {
  if (isSelected(selection, slot)) return selection.filter((s) => slotKey(s) !== slotKey(slot));
  if (clashesWithSelection(selection, slot) || isSelectionFull(selection)) return [...selection];
  return sortByStart([...selection, slot]);
}

/** "Mon 24/11/2026, 10:00 am" style description of a lesson, for labels and lists. */
export function describeSlot(slot: Pick<SelectedSlot, "startTime">): string {
  return formatDateTime(slot.startTime);
}

/**
 * What the calendar, panel and review say instead of a price. `left` is what remains once the chosen
 * lessons are booked, so the student sees the limit coming.
 */
export function paidWithCreditsText(left: number): string {
  return `Paid with bundle credits (${left} left)`;
}

/** "1 credit", "2 credits". */
export function creditCountText(credits: number): string {
  return `${credits} ${credits === 1 ? "credit" : "credits"}`;
}

/**
 * Credits a lesson of this length takes from a bundle: one an hour (creditsForLesson). 90 minutes cannot
 * be paid with credits and is never offered for them, so it is counted as the hour it would not be.
 */
export function lessonCredits(minutes: number): number {
  return creditsForLesson(minutes) ?? 1;
}

/** Credits a chosen lesson takes from a bundle, from its times. */
export function slotCredits(slot: Pick<Slot, "startTime" | "endTime">): number {
  return lessonCredits(slotMinutes(slot));
}

/** Credits the chosen lessons take together (a 2-hour lesson counts two). */
export function selectionCredits(slots: readonly Pick<Slot, "startTime" | "endTime">[]): number {
  return slots.reduce((sum, slot) => sum + slotCredits(slot), 0);
}

import { isDraftExpired } from "@kerb/shared/rules";
import { readJson, removeKey, writeJson } from "./storage";

/** Where the booking wizard keeps its saved progress (spec §3 "Saved booking draft"). */
export const BOOKING_DRAFT_KEY = "kerb.bookingDraft";

/**
 * Set when a saved draft is found past its lifetime and removed: the student is told once ("Your saved
 * booking expired"), by whichever screen shows it first (takeExpiredDraftNotice), instead of the draft
 * vanishing without a word.
 */
export const EXPIRED_DRAFT_KEY = "kerb.bookingDraftExpired";

/** The step a draft is given once its purchase went through; such a draft is never resumed. */
export const COMPLETED_DRAFT_STEP = "completed";

/** A draft as the wizard hands it over; the save time is added when it is written. */
export type BookingDraftFields = {
  currentStep: string;
  [field: string]: unknown;
};

export type StoredBookingDraft = BookingDraftFields & {
  /** Epoch milliseconds of the last save. */
  timestamp: number;
};

/**
 * What every stored draft has: its save time and step. The wizard reads its own fields with zod
 * (features/checkout/model/wizard-state.ts); this check is by hand because it runs after every login,
 * where zod would be a download of its own. Anything else is kept as it was saved.
 */
function isStoredDraft(value: unknown): value is StoredBookingDraft {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const { timestamp, currentStep } = value as Record<string, unknown>;
  // z.number() accepts neither NaN nor strings; the same here.
  return typeof timestamp === "number" && !Number.isNaN(timestamp) && typeof currentStep === "string";
}

/**
 * The saved draft when one exists and is younger than its 2-hour lifetime. An expired, completed or
 * unreadable draft is removed so it cannot resurface later.
 */
export function readBookingDraft(now: number = Date.now()): StoredBookingDraft | null {
  const value = readJson(BOOKING_DRAFT_KEY);
  if (value === null) return null;
  if (!isStoredDraft(value) || value.currentStep === COMPLETED_DRAFT_STEP) {
    removeKey(BOOKING_DRAFT_KEY);
    return null;
  }
  if (isDraftExpired(value.timestamp, now)) {
    removeKey(BOOKING_DRAFT_KEY);
    writeJson(EXPIRED_DRAFT_KEY, { savedAt: value.timestamp });
    return null;
  }
  return value;
}

/**
 * When the draft that expired unseen had been saved (epoch ms), or null when there is nothing to tell.
 * Looks for an expired draft first, so any screen can ask. Reading does not consume it: call
 * `dismissExpiredDraftNotice` once the notice has been shown.
 */
export function expiredDraftNotice(now: number = Date.now()): number | null {
  readBookingDraft(now);
  const value = readJson(EXPIRED_DRAFT_KEY);
  if (typeof value !== "object" || value === null) return null;
  const { savedAt } = value as Record<string, unknown>;
  return typeof savedAt === "number" && !Number.isNaN(savedAt) ? savedAt : null;
}

export function dismissExpiredDraftNotice(): void {
  removeKey(EXPIRED_DRAFT_KEY);
}

export function hasResumableBookingDraft(now: number = Date.now()): boolean {
  return readBookingDraft(now) !== null;
}

/** Saves the wizard's progress, stamped with the save time. */
export function writeBookingDraft(draft: BookingDraftFields, now: number = Date.now()): StoredBookingDraft {
  const stored: StoredBookingDraft = { ...draft, timestamp: now };
  writeJson(BOOKING_DRAFT_KEY, stored);
  return stored;
}

export function clearBookingDraft(): void {
  removeKey(BOOKING_DRAFT_KEY);
  // A new booking (or a finished one) makes news of an older expired one stale.
  removeKey(EXPIRED_DRAFT_KEY);
}

/** A draft whose purchase completed has no further use: forget it when the page goes away. */
export function clearCompletedBookingDraft(): void {
  const value = readJson(BOOKING_DRAFT_KEY);
  if (isStoredDraft(value) && value.currentStep === COMPLETED_DRAFT_STEP) removeKey(BOOKING_DRAFT_KEY);
}

import { isDraftExpired } from "@kerb/shared/rules";
import { readJson, removeKey } from "./storage";

/** Where the booking wizard keeps its saved progress (spec §3 "Saved booking draft"). */
export const BOOKING_DRAFT_KEY = "kerb.bookingDraft";

export type StoredBookingDraft = {
  currentStep: string;
  /** Epoch milliseconds of the last save. */
  timestamp: number;
  [field: string]: unknown;
};

function isStoredDraft(value: unknown): value is StoredBookingDraft {
  if (typeof value !== "object" || value === null) return false;
  const draft = value as Record<string, unknown>;
  return typeof draft.timestamp === "number" && typeof draft.currentStep === "string";
}

/**
 * The saved draft when one exists and is younger than its 2-hour lifetime. An expired or unreadable
 * draft is removed so it cannot resurface later.
 */
export function readBookingDraft(now: number = Date.now()): StoredBookingDraft | null {
  const value = readJson(BOOKING_DRAFT_KEY);
  if (value === null) return null;
  if (!isStoredDraft(value) || isDraftExpired(value.timestamp, now)) {
    removeKey(BOOKING_DRAFT_KEY);
    return null;
  }
  return value;
}

export function hasResumableBookingDraft(now: number = Date.now()): boolean {
  return readBookingDraft(now) !== null;
}

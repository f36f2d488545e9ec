/** Booking-wizard draft lifetime (spec §4, §9): expires after 120 minutes, warns after 90. */
import { DRAFT_LIFETIME_MINUTES, DRAFT_WARNING_MINUTES } from "../constants.ts";

const MS_PER_MINUTE = 60_000;

/**
 * Age of a draft in (fractional) minutes. A corrupt timestamp counts as infinitely old so the draft is
 * discarded; a timestamp slightly in the future (clock skew) counts as brand new.
 */
export function draftAgeMinutes(timestamp: number, now: number): number {
  if (!Number.isFinite(timestamp) || !Number.isFinite(now)) return Number.POSITIVE_INFINITY;
  return Math.max(0, (now - timestamp) / MS_PER_MINUTE);
}

export function isDraftExpired(timestamp: number, now: number): boolean {
  return draftAgeMinutes(timestamp, now) > DRAFT_LIFETIME_MINUTES;
}

export function shouldWarnDraftExpiry(timestamp: number, now: number): boolean {
  return draftAgeMinutes(timestamp, now) > DRAFT_WARNING_MINUTES && !isDraftExpired(timestamp, now);
}

/** Whole minutes left before expiry, rounded up so "0 minutes" only shows once it has expired. */
export function draftMinutesRemaining(timestamp: number, now: number): number {
  const remaining = DRAFT_LIFETIME_MINUTES - draftAgeMinutes(timestamp, now);
  return Math.max(0, Math.ceil(remaining));
}

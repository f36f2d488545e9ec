/**
 * Spending a Flow A bundle: one credit pays for one lesson with the bundle's instructor (pool or
 * standard time alike), until the bundle expires 12 months after purchase.
 */
import type { Suburb } from "../constants.ts";
import { findSuburb, teachesInSuburb } from "./suburbs.ts";

export interface BundleCredits {
  totalLessons: number;
  usedLessons: number;
  expiresAt: Date;
}

export function creditsLeft(bundle: Pick<BundleCredits, "totalLessons" | "usedLessons">): number {
  return Math.max(0, bundle.totalLessons - bundle.usedLessons);
}

export function isBundleExpired(bundle: Pick<BundleCredits, "expiresAt">, now: Date): boolean {
  return bundle.expiresAt.getTime() <= now.getTime();
}

/**
 * Why `lessons` credits cannot be spent now, or null when they can. Expiry comes first: an expired
 * bundle has no credits to count.
 */
export function creditSpendRefusal(
  bundle: BundleCredits,
  lessons: number,
  now: Date,
): "bundle_expired" | "insufficient_credits" | null {
  if (isBundleExpired(bundle, now)) return "bundle_expired";
  if (lessons > creditsLeft(bundle)) return "insufficient_credits";
  return null;
}

/**
 * Where credit lessons take place: the first of the candidates (the bundle's suburb, then the
 * student's) that the instructor teaches in, else the instructor's own first suburb. Null when the
 * instructor serves none of ours.
 */
export function creditSuburb(
  candidates: ReadonlyArray<string | null | undefined>,
  instructorSuburbs: readonly string[],
): Suburb | null {
  for (const candidate of [...candidates, ...instructorSuburbs]) {
    const suburb = candidate ? findSuburb(candidate) : null;
    if (suburb && teachesInSuburb(instructorSuburbs, suburb)) return suburb;
  }
  return null;
}

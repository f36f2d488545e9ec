import type { StudentProfileBundle } from "@kerb/shared";

const time = (iso: string) => new Date(iso).getTime();

export function remainingLessons(bundle: StudentProfileBundle): number {
  return Math.max(0, bundle.totalLessons - bundle.usedLessons);
}

export type BundleState = "active" | "used" | "expired";

export function bundleState(bundle: StudentProfileBundle, now: number): BundleState {
  if (time(bundle.expiresAt) <= now) return "expired";
  return remainingLessons(bundle) > 0 ? "active" : "used";
}

/** Bundles that can still pay for a lesson: not expired and not used up. */
export function activeBundles(bundles: readonly StudentProfileBundle[], now: number): StudentProfileBundle[] {
  return bundles
    .filter((b) => bundleState(b, now) === "active")
    .sort((a, b) => time(a.expiresAt) - time(b.expiresAt));
}

export function lessonsAvailable(bundles: readonly StudentProfileBundle[], now: number): number {
  return activeBundles(bundles, now).reduce((sum, b) => sum + remainingLessons(b), 0);
}

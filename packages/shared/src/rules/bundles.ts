/** Bundle options offered from the estimated lesson count (spec §9). */
import { isValidLessonCount } from "./assessment.ts";

export type BundleSize = "small" | "medium" | "large";

export interface BundleOption {
  size: BundleSize;
  name: "Small" | "Medium" | "Large";
  lessons: number;
  pricePerLessonCents: number;
  totalCents: number;
  recommended: boolean;
}

const DEFAULT_ESTIMATE = 10;

function option(
  size: BundleSize,
  name: BundleOption["name"],
  lessons: number,
  pricePerLessonCents: number,
  recommended: boolean,
): BundleOption {
  return { size, name, lessons, pricePerLessonCents, totalCents: lessons * pricePerLessonCents, recommended };
}

/** Small, Medium and Large bundles for an estimate N (10 when absent or outside 1..50). */
export function bundleOptions(estimatedLessons?: number | null): BundleOption[] {
  const n = isValidLessonCount(estimatedLessons) ? estimatedLessons : DEFAULT_ESTIMATE;
  return [
    option("small", "Small", Math.max(5, Math.floor(n * 0.5)), 7500, n <= 10),
    option("medium", "Medium", Math.max(10, n), 7000, n >= 6 && n <= 15),
    option("large", "Large", Math.max(20, Math.floor(n * 1.5)), 6500, n > 15),
  ];
}

/** Every (lessons, price) pair the rules can produce for some N in 1..50, built once. */
const PURCHASABLE = new Set<string>();
for (let n = 1; n <= 50; n++) {
  for (const o of bundleOptions(n)) PURCHASABLE.add(`${o.lessons}@${o.pricePerLessonCents}`);
}

/** The server refuses bundle sizes or prices a client made up: only rule-produced pairs pass. */
export function isPurchasableBundle(totalLessons: number, pricePerLessonCents: number): boolean {
  return PURCHASABLE.has(`${totalLessons}@${pricePerLessonCents}`);
}

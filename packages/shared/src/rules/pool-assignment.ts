/**
 * Auto-assignment of pool-hour lessons: a pool slot booked without an instructor goes to the cheapest
 * free pool instructor at that time; among equals the higher rated (unrated last), then the lower
 * instructor id so the choice never depends on query order. The availability engine prices the offered
 * slot with this choice and the batch booking assigns with it, so the two always agree.
 */

export interface PoolCandidate {
  instructorId: string;
  priceCents: number;
  rating: number | null;
}

/** Negative when `a` is preferred over `b`. */
export function comparePoolCandidates(a: PoolCandidate, b: PoolCandidate): number {
  return (
    a.priceCents - b.priceCents ||
    (b.rating ?? -1) - (a.rating ?? -1) ||
    (a.instructorId < b.instructorId ? -1 : a.instructorId > b.instructorId ? 1 : 0)
  );
}

/** The instructor auto-assignment picks among free pool candidates at one start time; undefined if none. */
export function choosePoolInstructor<T extends PoolCandidate>(candidates: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const candidate of candidates) {
    if (best === undefined || comparePoolCandidates(candidate, best) < 0) best = candidate;
  }
  return best;
}

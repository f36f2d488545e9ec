import { instructorCompliance, sydneyTodayDate } from "@kerb/shared/rules";
import type { Executor } from "../../db/client.ts";
import * as repo from "./compliance.repository.ts";

/**
 * May this instructor no longer teach (not listable today)? A student cancelling such a lesson always
 * gets the full tier (rules/cancellation.ts `instructorUnavailable`).
 */
export async function isInstructorUnavailable(db: Executor, instructorId: string, now: Date) {
  const [listing] = await repo.findInstructorListings(db, [instructorId]);
  return listing !== undefined && !instructorCompliance(listing, sydneyTodayDate(now)).isListed;
}

/** Which of these instructors may not teach today, for the student's "your instructor can't teach" notice. */
export async function unavailableInstructorIds(db: Executor, instructorIds: string[], now: Date) {
  const today = sydneyTodayDate(now);
  const listings = await repo.findInstructorListings(db, [...new Set(instructorIds)]);
  return new Set(listings.filter((l) => !instructorCompliance(l, today).isListed).map((l) => l.id));
}

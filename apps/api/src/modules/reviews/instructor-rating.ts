import { averageRating } from "@kerb/shared/rules";
import type { Executor } from "../../db/client.ts";
import { setInstructorRating } from "../instructors/index.ts";
import * as repo from "./reviews.repository.ts";

/**
 * Recounts the instructor's rating from their visible reviews. Callers hold the profile lock
 * (lockInstructorRating), so the count includes every review committed before theirs.
 */
export async function recountInstructorRating(tx: Executor, instructorId: string) {
  const totals = await repo.visibleRatingTotals(tx, instructorId);
  const rating = { average: averageRating(totals), count: totals.count };
  await setInstructorRating(tx, instructorId, rating);
  return rating;
}

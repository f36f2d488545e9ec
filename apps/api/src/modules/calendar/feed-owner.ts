import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./calendar.repository.ts";

/** The instructor whose feed is asked about, with their feed secret's hash (null when the feed is off). */
export async function requireFeedOwner(db: Executor, instructorId: string) {
  const found = await repo.findCalendarTokenHash(db, instructorId);
  if (!found) throw new AppError("not_found", "Instructor profile not found");
  return found;
}

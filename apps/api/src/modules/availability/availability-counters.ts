/**
 * The availability counters (migration 0007, decision 015) for those who react to a change in open
 * times rather than serve them: the earlier-time alerts' scan compares them with what it saw last.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { availabilityCatalogue, availabilityVersions } from "../../db/schema/index.ts";
import { readInstructorVersions } from "./availability.repository.ts";

export interface AvailabilityCounters {
  /** Raised by any change to instructor profiles or names (who is listed where, at what rate). */
  catalogue: number;
  /** The sum of every instructor's counter: moves when any instructor's open times may have. */
  everyone: number;
  /** Each asked-for instructor's counter (0: never changed). */
  of: (instructorId: string) => number;
}

/** One read of the counters: the catalogue, everyone's total and the given instructors' own. */
export async function readAvailabilityCounters(
  db: Executor,
  instructorIds: readonly string[],
): Promise<AvailabilityCounters> {
  const [row] = await db
    .select({
      catalogue: availabilityCatalogue.version,
      everyone: sql<
        number | string
      >`(select coalesce(sum(${availabilityVersions.version}), 0) from ${availabilityVersions})`,
    })
    .from(availabilityCatalogue);
  const versions = await readInstructorVersions(db, instructorIds);
  return {
    catalogue: Number(row?.catalogue ?? 0),
    everyone: Number(row?.everyone ?? 0),
    of: (id) => versions.get(id) ?? 0,
  };
}

/** The profile fields that decide whether a student may book or buy a bundle with an instructor. */
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { instructorProfiles } from "../../db/schema/index.ts";
import { instructorSuspendedSql } from "../../db/sql-rules.ts";

/** The inputs of rules/instructor-listing.ts for one instructor; undefined when there is no such instructor. */
export async function findInstructorListing(db: Executor, instructorId: string) {
  const [row] = await db
    .select({
      suburbs: instructorProfiles.suburbs,
      suspended: instructorSuspendedSql,
      verificationStatus: instructorProfiles.verificationStatus,
      licenseExpiresOn: instructorProfiles.licenseExpiresOn,
      wwcExpiresOn: instructorProfiles.wwcExpiresOn,
    })
    .from(instructorProfiles)
    .where(eq(instructorProfiles.userId, instructorId))
    .limit(1);
  return row;
}

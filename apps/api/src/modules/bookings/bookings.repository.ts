import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { instructorProfiles, studentProfiles, users } from "../../db/schema/index.ts";

export async function findStudentForCheckout(db: Executor, studentId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, suburb: studentProfiles.suburb })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(eq(users.id, studentId))
    .limit(1);
  return row;
}

/** What decides whether a student may book or buy a bundle with this instructor (rules/instructor-listing.ts). */
export async function findInstructorListing(db: Executor, instructorId: string) {
  const [row] = await db
    .select({
      suburbs: instructorProfiles.suburbs,
      verificationStatus: instructorProfiles.verificationStatus,
      licenseExpiresOn: instructorProfiles.licenseExpiresOn,
      wwcExpiresOn: instructorProfiles.wwcExpiresOn,
    })
    .from(instructorProfiles)
    .where(eq(instructorProfiles.userId, instructorId))
    .limit(1);
  return row;
}

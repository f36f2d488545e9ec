import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { instructorProfiles, studentProfiles, users } from "../../db/schema/index.ts";

const studentForCheckout = (db: Executor, studentId: string) =>
  db
    .select({ id: users.id, email: users.email, suburb: studentProfiles.suburb })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(eq(users.id, studentId));

export async function findStudentForCheckout(db: Executor, studentId: string) {
  const [row] = await studentForCheckout(db, studentId).limit(1);
  return row;
}

/**
 * The student's checkout details, locking their row until the transaction ends: one checkout per
 * student at a time. NO KEY UPDATE, so rows referencing the student (their new lessons) are not held up.
 */
export async function lockStudentForCheckout(db: Executor, studentId: string) {
  const [row] = await studentForCheckout(db, studentId).for("no key update", { of: users });
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

/**
 * The student as a checkout needs them: where to send the receipt and where lessons start by default.
 * Lessons, bundles and credits read it here rather than joining the student's tables themselves.
 */
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { studentProfiles, users } from "../../db/schema/index.ts";

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
